// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comparisonInput, datasetInput, filterInput, planInput } from '../../contract/plans/schemas';
import { tourProblems } from '../../contract/shared/helpTips';
import { blockedMessages } from '../../contract/shared/messages';
import type { AuthUser } from '../../contract/users/entities';
import { readDataset } from '../../src/areas/dataAdministration/DatasetForm';
import { readItem } from '../../src/areas/dataAdministration/PlanItems';
import { catalogueMessages as messages } from '../../contract/shared/catalogueRules';
import { dataAdministrationTour } from '../../src/shared/helptips/tours/dataAdministration';
import { trees } from '../machines/models/groupFixtures';
import { dataset, plan } from './support/catalogueFixtures';
import { catalogueServer } from './support/catalogueServer';
import { authUser, renderPortal, type Call, type Handler } from './support/renderPortal';

// The data administration pages (spec section 2, roles admin and super) with the real router, guards,
// machines and views; only the plans manager is answered, at fetch.

const admin = authUser({ id: 2, userName: 'admin@example.com', roles: ['admin'] });
let calls: Call[] = [];
const writes = () => calls.filter((c) => c.method !== 'GET' && c.url.pathname.startsWith('/api/plans/'));
function open(path: string, handler: Handler, user: AuthUser = admin) {
  const rendered = renderPortal(`/portal${path}`, { user, groups: trees, handler });
  calls = rendered.calls;
  return rendered;
}
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

// The area's chunk loads on the first page of each test: more than the default second in jsdom.
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the rules shown are the contract\'s', () => {
  it('words a dataset\'s problems as contract/plans/schemas.ts does', () => {
    const bad = { dataset: ' ', datasetRef: 'x', service: 'post', description: '' };
    const server = datasetInput.safeParse(bad).error!.issues.map((i) => [i.path[0], i.message]);
    const shown = readDataset(bad).errors!;
    expect(server).toEqual([
      ['dataset', shown.dataset],
      ['datasetRef', shown.datasetRef],
      ['service', shown.service],
    ]);
    expect(readDataset({ dataset: 'PAF', datasetRef: ' paf-2 ', service: 'addresslookup', description: '' }).body).toEqual(
      datasetInput.parse({ dataset: 'PAF', datasetRef: ' paf-2 ', service: 'addresslookup' }),
    );
  });

  it('words filters, comparisons and the availability window as the contract does', () => {
    const filter = filterInput.safeParse({ description: '', category: '' }).error!.issues.map((i) => i.message);
    const shown = readItem('filter', { description: '', category: '', displayOrder: '' }).errors;
    expect(filter).toEqual([shown.description, shown.category]);
    expect(comparisonInput.safeParse({ description: 'x'.repeat(201) }).error!.issues[0].message).toBe(
      readItem('comparison', { description: 'x'.repeat(201), displayOrder: '1' }).errors.description,
    );
    const window = planInput.safeParse({
      plan: 'P', datasetId: 1, duration: 0, availableStart: 10, availableEnd: 5, pricing: [{ fromClicks: 1, toClicks: null, pricePer1000: 1 }], territory: 'uk',
    });
    expect(window.error!.issues.map((i) => i.message)).toEqual([messages.durationMin, messages.window]);
  });
});

describe('who may open data administration', () => {
  it.each([
    ['a customer', authUser({ roles: ['account'] })],
    ['sales', authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] })],
  ])('refuses %s with the spec\'s message and calls nothing of the catalogue', async (_who, user) => {
    open('/dataAdministration/plan/7', catalogueServer({ plans: [plan(7)] }), user);
    await screen.findByText(blockedMessages.notThroughAccount);
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/plans'))).toEqual([]);
  });

  it('opens it for super', async () => {
    open('/dataAdministration', catalogueServer({}), authUser({ id: 1, userName: 'super@example.com', roles: ['super'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Datasets & Plans' })).toBeTruthy();
  });
});

describe('the catalogue home (/dataAdministration)', () => {
  const uk = plan(1, { plan: 'UK Lookup 10k' });
  const au = plan(2, { plan: 'AU Lookup', territory: 'australia', service: 'email', pricing: [{ fromClicks: 1, toClicks: null, pricePer1000: 1250 }] });
  const old = plan(3, { plan: 'UK Lookup 2024', deprecated: true, deprecatedByPlan: 'UK Lookup 10k', deprecatedByPlanId: 1 });
  const datasets = [dataset(1, { dataset: 'PAF', datasetRef: 'PAF', planCount: 2 }), dataset(2, { dataset: 'Email', datasetRef: 'EMAIL', service: 'email', planCount: 1 })];

  it('lists datasets and plans on sale, prices in the plan territory\'s currency, and hides deprecated ones until asked', async () => {
    open('/dataAdministration', catalogueServer({ datasets, plans: [uk, au, old] }));
    const plans = await screen.findByRole('table', { name: 'Plans' });
    expect(rowsOf(plans).map((r) => [r[0], r[2], r[3], r[6]])).toEqual([
      ['UK Lookup 10k', 'United Kingdom', '£30.00 per 1,000 clicks', 'Available'],
      ['AU Lookup', 'Australia', 'A$12.50 per 1,000 clicks', 'Available'],
    ]);
    expect(rowsOf(plans)[0][5]).toBe('From 01/01/2025');
    expect(screen.getByText(/Showing 2 of 3 plans; 1 deprecated/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Show deprecated and unavailable plans/));
    expect(rowsOf(screen.getByRole('table', { name: 'Plans' })).map((r) => r[6])).toEqual(['Available', 'Available', 'Deprecated']);
    await user.selectOptions(screen.getByLabelText('Territory'), 'australia');
    expect(rowsOf(screen.getByRole('table', { name: 'Plans' })).map((r) => r[0])).toEqual(['AU Lookup']);
    await user.selectOptions(screen.getAllByLabelText('Service')[1], 'bankcode');
    expect(screen.getByText('No plans match these filters.')).toBeTruthy();
    expect(rowsOf(screen.getByRole('table', { name: 'Datasets' })).map((r) => r.slice(0, 4))).toEqual([
      ['PAF', 'PAF', 'Address lookup', '2'],
      ['Email', 'EMAIL', 'Email validation', '1'],
    ]);
  });

  it('has a sound help tour whose targets are on the page', async () => {
    expect(tourProblems(dataAdministrationTour)).toEqual([]);
    open('/dataAdministration', catalogueServer({ datasets: [dataset(1)], plans: [plan(1)] }));
    await screen.findByRole('table', { name: 'Plans' });
    for (const tip of dataAdministrationTour.tips.filter((t) => t.targetId)) expect(document.getElementById(tip.targetId!), tip.helpTipName).not.toBeNull();
  });

  it('says what to do first on an empty catalogue', async () => {
    open('/dataAdministration', catalogueServer({}));
    await screen.findByText(/No datasets yet/);
    expect(screen.getByText('No plans yet. Create a dataset first, then the plans that sell it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create dataset' }).getAttribute('href')).toBe('/portal/dataAdministration/dataset/create');
  });
});

describe('datasets', () => {
  it('checks the form before sending, then creates the dataset and opens it', async () => {
    const created = dataset(9, { dataset: 'G-NAF', datasetRef: 'GNAF' });
    const { router } = open('/dataAdministration/dataset/create', catalogueServer({ datasets: [created], created: () => created }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create dataset' }));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['A name is required', messages.datasetRef, messages.serviceRequired]);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(writes()).toEqual([]);

    await user.type(screen.getByLabelText('Name'), 'G-NAF');
    await user.type(screen.getByLabelText('Reference'), 'gnaf');
    await user.selectOptions(screen.getByLabelText('Service'), 'addresslookup');
    await user.click(screen.getByRole('button', { name: 'Create dataset' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/dataAdministration/dataset/9'));
    expect(writes().map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/plans/datasets', { dataset: 'G-NAF', datasetRef: 'GNAF', service: 'addresslookup', description: '' }],
    ]);
  });

  it('explains why a dataset in use cannot be deleted, and shows the server\'s refusal in the Error modal', async () => {
    open('/dataAdministration/dataset/1', catalogueServer({ datasets: [dataset(1, { dataset: 'PAF', planCount: 2 })], plans: [plan(1), plan(2)] }));
    const button = await screen.findByRole('button', { name: 'Delete dataset' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby') && document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      'PAF cannot be deleted while 2 plans use it. Delete those plans first, or move them to another dataset.',
    );
    cleanup();

    const refusing: Handler = (call) =>
      call.method === 'DELETE' ? { status: 409, body: { msg: 'The dataset is used by 1 plan', statusCode: 409 } } : undefined;
    const unused = dataset(4, { dataset: 'Old file' });
    open('/dataAdministration/dataset/4', (c) => refusing(c) ?? catalogueServer({ datasets: [unused] })(c));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete dataset' }));
    expect(screen.getByText('Delete dataset “Old file”? This cannot be undone.')).toBeTruthy();
    expect(writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, delete dataset' }));
    const modal = await screen.findByRole('alertdialog');
    expect(within(modal).getByRole('heading').textContent).toBe('Error');
    expect(modal.textContent).toContain('Failed to delete the dataset: The dataset is used by 1 plan');
    expect(writes().map((c) => [c.method, c.url.pathname + c.url.search])).toEqual([['DELETE', '/api/plans/datasets?datasetId=4']]);
    fireEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The dataset was not deleted.')).toBeTruthy();
  });
});

describe('filters and comparisons of a plan', () => {
  it('adds, changes and deletes filters, checking them first', async () => {
    const withFilter = plan(7, { plan: 'Lookup', planFilter: [{ filterId: 70, planId: 7, description: 'High volume', category: 'Volume', displayOrder: 1 }] });
    open('/dataAdministration/plan/7/edit/filters', catalogueServer({ plans: [withFilter], created: (c) => ({ ...(c.body as object), filterId: 71, planId: 7 }) }));
    const user = userEvent.setup();
    expect(rowsOf(await screen.findByRole('table', { name: 'Filters of Lookup' }))).toEqual([['High volume', 'Volume', '1', 'EditDelete']]);
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['A description is required', 'A category is required']);
    expect(writes()).toEqual([]);
    await user.type(screen.getByLabelText('Description'), 'Starter');
    await user.type(screen.getByLabelText('Category'), 'Volume');
    // The next display order follows the last one.
    expect((screen.getByLabelText('Display order') as HTMLInputElement).value).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(await screen.findByText('Filter “Starter” added.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit filter High volume' }));
    expect((screen.getByLabelText('Description') as HTMLInputElement).value).toBe('High volume');
    await user.clear(screen.getByLabelText('Display order'));
    await user.type(screen.getByLabelText('Display order'), '5');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    await screen.findByText('Filter “High volume” saved.');

    await user.click(screen.getByRole('button', { name: 'Delete filter High volume' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete filter' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes().map((c) => [c.method, c.url.pathname + c.url.search, c.body])).toEqual([
      ['POST', '/api/plans/filters?planId=7', { description: 'Starter', category: 'Volume', displayOrder: 2 }],
      ['PUT', '/api/plans/filters?filterId=70', { description: 'High volume', category: 'Volume', displayOrder: 5 }],
      ['DELETE', '/api/plans/filters?filterId=70', undefined],
    ]);
  });

  it('sends comparisons without a category', async () => {
    open('/dataAdministration/plan/7/edit/comparisons', catalogueServer({ plans: [plan(7, { plan: 'Lookup' })], created: (c) => ({ ...(c.body as object), comparisonId: 9, planId: 7 }) }));
    const user = userEvent.setup();
    await screen.findByText('No comparisons yet. Add the first one below.');
    expect(screen.queryByLabelText('Category')).toBeNull();
    await user.type(screen.getByLabelText('Description'), 'Unlimited users');
    await user.click(screen.getByRole('button', { name: 'Add comparison' }));
    await screen.findByText('Comparison “Unlimited users” added.');
    expect(writes().map((c) => [c.url.pathname + c.url.search, c.body])).toEqual([
      ['/api/plans/comparison?planId=7', { description: 'Unlimited users', displayOrder: 1 }],
    ]);
  });
});
