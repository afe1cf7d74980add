// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogueMessages as messages } from '../../contract/shared/catalogueRules';
import { trees } from '../machines/models/groupFixtures';
import { dataset, plan } from './support/catalogueFixtures';
import { catalogueServer } from './support/catalogueServer';
import { authUser, renderPortal, type Call } from './support/renderPortal';

// The plan form (/dataAdministration/plan/create and /plan/{planId}/edit): the price tiers editor with
// its live checks, prices typed in pounds or dollars and sent in pence or cents, the calculator, and
// the checks made before anything is sent.

const admin = authUser({ id: 2, userName: 'admin@example.com', roles: ['admin'] });
const paf = dataset(1, { dataset: 'PAF', datasetRef: 'PAF' });
let calls: Call[] = [];
const posts = () => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/plans/plans');

function openCreate(created = plan(50)) {
  const rendered = renderPortal('/portal/dataAdministration/plan/create?datasetId=1', {
    user: admin,
    groups: trees,
    handler: catalogueServer({ datasets: [paf], plans: [plan(7, { plan: 'Old lookup' }), created], created: () => created }),
  });
  calls = rendered.calls;
  return rendered;
}

const tierInput = (row: number, part: 'from clicks' | 'to clicks' | 'price per 1,000 clicks in £' | 'price per 1,000 clicks in A$') =>
  screen.getByLabelText(`Tier ${row} ${part}`) as HTMLInputElement;
const tiersProblem = () => document.getElementById('tiers-problem')!;
const result = () => document.getElementById('tiers-calculator-result')!.textContent;

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the price tiers editor', () => {
  it('says as it is typed when tiers overlap or leave a gap, and creates nothing while they do', async () => {
    openCreate();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Lookup 2026');
    await user.type(tierInput(1, 'to clicks'), '10000');
    await user.type(tierInput(1, 'price per 1,000 clicks in £'), '30');
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    // A new row starts where the last one ends.
    expect(tierInput(2, 'from clicks').value).toBe('10001');
    await user.type(tierInput(2, 'price per 1,000 clicks in £'), '20');
    expect(tiersProblem().textContent).toBe('The tiers price every quantity.');

    await user.clear(tierInput(2, 'from clicks'));
    await user.type(tierInput(2, 'from clicks'), '5000');
    expect(tiersProblem().textContent).toBe('Price tiers overlap: 1–10,000 and 5,000+');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(document.activeElement).toBe(tierInput(1, 'from clicks'));
    expect(posts()).toEqual([]);

    await user.clear(tierInput(2, 'from clicks'));
    await user.type(tierInput(2, 'from clicks'), '12000');
    expect(tiersProblem().textContent).toBe('Price tiers leave a gap between 10,000 and 12,000 clicks');
    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    await user.clear(tierInput(1, 'to clicks'));
    expect(tiersProblem().textContent).toBe('The tiers price every quantity.');
  });

  it('sends prices typed in pounds as whole pence per 1,000 clicks, with the rest of the plan', async () => {
    const { router } = openCreate();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), '  Lookup 2026 ');
    // ?datasetId=1 chose the dataset.
    expect((screen.getByLabelText('Dataset') as HTMLSelectElement).value).toBe('1');
    await user.type(tierInput(1, 'to clicks'), '10000');
    await user.type(tierInput(1, 'price per 1,000 clicks in £'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    await user.type(tierInput(2, 'price per 1,000 clicks in £'), '0.29');
    fireEvent.change(screen.getByLabelText('Available from'), { target: { value: '2026-01-01' } });
    await user.selectOptions(screen.getByLabelText('Deprecated by'), '7');
    await user.click(screen.getByLabelText(/Allow test clicks/));
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/dataAdministration/plan/50'));
    const [sent] = posts();
    expect(sent.body).toEqual({
      plan: 'Lookup 2026',
      description: '',
      datasetId: 1,
      duration: 12,
      availableStart: new Date(2026, 0, 1).getTime() / 1000,
      availableEnd: null,
      calculator: 'volume',
      pricing: [
        { fromClicks: 1, toClicks: 10_000, pricePer1000: 1250 },
        { fromClicks: 10_001, toClicks: null, pricePer1000: 29 },
      ],
      territory: 'uk',
      allowTest: true,
      displayOrder: 0,
      deprecatedByPlanId: 7,
    });
  });

  it('refuses prices that are not amounts of money', async () => {
    openCreate();
    const user = userEvent.setup();
    const price = await screen.findByLabelText('Tier 1 price per 1,000 clicks in £');
    await user.type(price, '1.234');
    expect(tiersProblem().textContent).toBe("Tier 1's price is an amount with at most 2 decimals, such as 12.50");
    await user.clear(price);
    await user.type(price, '-3');
    expect(tiersProblem().textContent).toBe("Tier 1's price cannot be negative");
  });

  it('prices any quantity with the calculator chosen, in the currency of the territory chosen', async () => {
    openCreate();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tier 1 to clicks'), '10000');
    await user.type(tierInput(1, 'price per 1,000 clicks in £'), '30');
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    await user.type(tierInput(2, 'price per 1,000 clicks in £'), '20');
    // 10,000 clicks in the first band at £30.00 per 1,000.
    expect(result()).toContain('£300.00 for 10,000 clicks');
    const clicks = within(screen.getByRole('group', { name: 'Price calculator' })).getByLabelText('Clicks');
    await user.clear(clicks);
    await user.type(clicks, '20000');
    // Volume: all 20,000 at the second band's £20.00.
    expect(result()).toContain('£400.00 for 20,000 clicks');
    await user.selectOptions(screen.getByLabelText('Calculator'), 'graduated');
    // Graduated: 10,000 at £30.00 and 10,000 at £20.00.
    expect(result()).toContain('£500.00 for 20,000 clicks');
    await user.selectOptions(screen.getByLabelText('Territory'), 'australia');
    expect(result()).toContain('A$500.00 for 20,000 clicks');
    expect(screen.getByLabelText('Tier 1 price per 1,000 clicks in A$')).toBeTruthy();
    await user.clear(clicks);
    await user.type(clicks, '0');
    expect(result()).toBe('Clicks must be a whole number of at least 1');
  });
});

describe('the plan form checks', () => {
  it('names every problem before anything is sent', async () => {
    openCreate();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Dataset'), '');
    await user.clear(screen.getByLabelText('Duration (months)'));
    await user.type(screen.getByLabelText('Duration (months)'), '0');
    fireEvent.change(screen.getByLabelText('Available from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Available until'), { target: { value: '2026-02-01' } });
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    const problems = Object.fromEntries(
      ['Name', 'Dataset', 'Duration (months)', 'Available until'].map((label) => {
        const field = screen.getByLabelText(label);
        const ids = field.getAttribute('aria-describedby')!.split(' ');
        return [label, document.getElementById(ids[ids.length - 1])!.textContent];
      }),
    );
    expect(problems).toEqual({
      Name: 'A name is required',
      Dataset: messages.datasetRequired,
      'Duration (months)': messages.durationMin,
      'Available until': messages.window,
    });
    expect(tiersProblem().textContent).toBe("Tier 1's price is required");
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(posts()).toEqual([]);
  });

  it('edits a plan with its tiers shown in pounds and keeps its window as it was', async () => {
    const existing = plan(7, { plan: 'Old lookup', availableStart: 1_735_700_000 });
    const rendered = renderPortal('/portal/dataAdministration/plan/7/edit', {
      user: admin,
      groups: trees,
      handler: catalogueServer({ datasets: [paf], plans: [existing], created: () => existing }),
    });
    const user = userEvent.setup();
    expect((await screen.findByLabelText('Tier 1 price per 1,000 clicks in £') as HTMLInputElement).value).toBe('30.00');
    expect(tierInput(2, 'to clicks').value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(rendered.router.history.location.pathname).toBe('/portal/dataAdministration/plan/7'));
    const put = rendered.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.search).toBe('?planId=7');
    expect(put.body).toMatchObject({ availableStart: 1_735_700_000, pricing: existing.pricing, territory: 'uk' });
  });
});
