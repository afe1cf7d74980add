import type { Page, Route } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { formatMoney } from '../../contract/shared/catalogue';
import type { bureauFileMachine } from '../../machines/bureauFile';
import type { FileStatus, JobPoll } from '../../machines/bureauFileParts';
import type { ModelDriver } from '../../tests/machines/harness/driver';
import type { ModelPath } from '../../tests/machines/harness/model';
import { details } from '../../tests/machines/models/bureauFile.model';
import { expect, logIn } from './fixtures';

// The bureau file model's paths (tests/machines/models/bureauFile.model.ts) walked in Chromium on the
// file's page: the owner of Acme UK opens /applications/addresscleanse/file/41, and every bureau call
// of the file is answered at the network (page.route) with what the path's next settling of that
// actor says, in the server's words (a file's status for loadStatus, a 409 for an error). The state
// checks read the page; the walk's gestures are the page's buttons. A call is answered as soon as it
// is made, so a state the machine passes through on its way (opening, testing) has nothing certain to
// see and is checked where it settles.

type File = typeof bureauFileMachine;
export type BureauPath = ModelPath<File>;
/** `answered`: how many requests each effect step (by index) has answered. */
type Run = { page: Page; path: BureauPath; index: number; answered: Map<number, number> };

/** Why a path cannot be walked on the file's page, or null. */
export function blockerOf(path: BureauPath): string | null {
  if (path.scenario !== 'file' && path.scenario !== 'paidReturn') return `scenario ${path.scenario}: its page is walked by e2e/bureau-workflow.spec.ts with a real file`;
  return null;
}

/** The actor each bureau call of the file's page serves (fileEffects.ts). */
const callOf: Record<string, string> = {
  '/files/detail': 'loadStatus',
  '/files/testresults': 'loadTest',
  '/files/createresults': 'createResults',
  '/files/results': 'pollResults',
  '/files/results/costs': 'loadCosts',
  '/files/results/pay': 'pay',
  '/files/discardresults': 'discard',
  '/files/results/fileid': 'loadDownload',
  '/files/results/receipt': 'loadReceipt',
};

const statusOf = ({ stage, name, failure }: FileStatus) => {
  const status = { mapping: 'mapping', settings: 'ready', testing: failure ? 'failed' : 'ready', running: 'running', ready: 'results', paid: 'paid', discarded: 'discarded' }[stage];
  return { id: 41, name, status, mafId: stage === 'settings' ? null : 1, failure, rowCount: 1000 };
};

/** The server's answer that the effect turns into the model's output. */
function answerOf(src: string, output: unknown): unknown {
  if (src === 'loadStatus') return statusOf(output as FileStatus);
  if (src === 'pollResults') {
    const poll = output as JobPoll<unknown>;
    return poll.done ? { status: 'results', results: poll.results, progress: { done: 100, total: 100 }, failure: null } : { status: 'running', results: null, progress: { done: poll.progress, total: 100 }, failure: null };
  }
  if (src === 'pay') return { checkoutUrl: (output as { url: string }).url, invoiceUrl: null, orderId: 9 };
  if (src === 'loadDownload') return { ...(output as object), fileName: 'AddressCleanseResults.zip' };
  return output ?? { id: 41 };
}

/**
 * The answer that fails the effect with the model's message: the client says "Failed to <action>" and
 * then the server's words after a colon; a results job that failed says why in its status.
 */
function refusalOf(src: string, message: string): { status: number; body: unknown } {
  if (src === 'pollResults') return { status: 200, body: { status: 'failed', results: null, progress: { done: 0, total: 100 }, failure: message } };
  return { status: 409, body: { statusCode: 409, msg: /^Failed to [^:]+: (.*)$/.exec(message)?.[1] ?? '' } };
}

/** The path's next settling of `src` after the walk's current step, as an HTTP answer. */
function nextAnswer(run: Run, src: string): { step: number; status: number; body: unknown } | null {
  for (let i = run.index + 1; i < run.path.steps.length; i++) {
    const e = run.path.steps[i].event as AnyEventObject;
    if (e.type === `xstate.done.actor.${src}`) return { step: i, status: 200, body: answerOf(src, e.output) };
    if (e.type === `xstate.error.actor.${src}`) return { step: i, ...refusalOf(src, (e.error as Error).message) };
  }
  return null;
}

/** The file route's breadcrumb asks for the file too (its loader): answered with any file when the path has no more of them. */
const anyFile = { id: 41, name: 'customers.csv', status: 'ready', mafId: 1, failure: null, rowCount: 1000 };

async function answer(run: Run, route: Route) {
  const path = new URL(route.request().url()).pathname.replace(/^.*\/api\/bureau/, '');
  const src = callOf[path];
  const reply = src ? nextAnswer(run, src) : null;
  if (reply) run.answered.set(reply.step, (run.answered.get(reply.step) ?? 0) + 1);
  const answer = reply ?? (src === 'loadStatus' ? { status: 200, body: anyFile } : null);
  // Any other call the path never settles (the mapping or properties page's) stays unanswered: its page waits.
  if (!answer) return;
  await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }).catch(() => undefined);
}

/**
 * The walk moves past an effect only once the page has had its answer: the machine's call, and on the
 * page's first load also the breadcrumb's (the route loader asks first), so a later answer never
 * reaches the wrong call.
 */
async function settled(run: Run) {
  const step = run.index + 1;
  const e = run.path.steps[step].event as AnyEventObject;
  const first = run.path.steps.slice(1, step).every((s) => !(s.event as AnyEventObject).type.endsWith('.actor.loadStatus'));
  const needed = first && e.type.endsWith('.actor.loadStatus') ? 2 : 1;
  await expect.poll(() => run.answered.get(step) ?? 0, { message: `the page asks for ${e.type}` }).toBeGreaterThanOrEqual(needed);
}

/**
 * The Error modal a refused call opens is closed before the next gesture. It can be caught fading out
 * (its 750 ms close) and go between the look and the click: seen once in CI, where the click then
 * waited out the test for a button no longer there. So the click gives up after a few seconds when
 * the modal has gone meanwhile.
 */
async function closeModal(page: Page) {
  const ok = page.getByRole('alertdialog').getByRole('button', { name: 'OK' });
  if (!(await ok.isVisible())) return;
  await ok.click({ timeout: 5_000 }).catch(async (error: unknown) => {
    if (await ok.isVisible()) throw error;
  });
}

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { name })).toBeVisible();
const nothingCertain = () => {};

export function bureauDriver(page: Page): ModelDriver<File, Run> {
  const click = async (name: string | RegExp) => {
    await closeModal(page);
    await page.getByRole('button', { name }).first().click();
  };
  return {
    async start(path) {
      const run: Run = { page, path, index: 0, answered: new Map() };
      await page.addInitScript(() => localStorage.setItem('portal.helptips.disabled', 'true'));
      await logIn(page, 'owner@example.com');
      await expect(page.getByTestId('account-label')).toContainText('Acme UK');
      await page.route('**/api/bureau/files**', (route) => answer(run, route));
      await page.route('**/gateway/pay/cs_9', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Pay by card</h1>' }));
      await page.goto(`/portal/applications/addresscleanse/file/41${path.input.paid ? '?payment=paid' : ''}`);
      return run;
    },
    afterStep(run, _path, index) {
      run.index = index;
    },
    states: {
      starting: nothingCertain,
      routing: nothingCertain,
      opening: nothingCertain,
      testing: nothingCertain,
      creatingResults: nothingCertain,
      costing: nothingCertain,
      paying: nothingCertain,
      discarding: nothingCertain,
      confirming: nothingCertain,
      running: nothingCertain,
      upload: () => {
        throw new Error('the upload page is not walked here');
      },
      mapping: async () => {
        await expect(page).toHaveURL(/\/file\/41\/updatefields$/);
      },
      settings: async () => {
        await expect(page).toHaveURL(/\/file\/41\/properties$/);
      },
      failed: async (_run, s) => {
        await closeModal(page);
        await expect(page.locator('.upload__error')).toHaveText(s.context.error ?? /\S/);
        await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      },
      tested: async (_run, s) => {
        await closeModal(page);
        await heading(page, `Free test on ${s.context.test!.recordCount} records`);
        await expect(page.getByRole('button', { name: 'Run the results' })).toBeEnabled();
      },
      resultsWaiting: async (_run, s) => {
        await expect(page.getByRole('status')).toContainText(`Cleansing the file: ${s.context.progress}%`);
      },
      ready: async (_run, s) => {
        await closeModal(page);
        await heading(page, `Results of ${s.context.results!.inputRecordCount.toLocaleString('en-GB')} records`);
        await expect(page.getByTestId('results-total')).toHaveText(formatMoney(s.context.costs!.total, 'uk'));
        await expect(page.getByRole('button', { name: /^Pay £/ })).toBeEnabled();
      },
      redirecting: async () => {
        await expect(page).toHaveURL(/\/gateway\/pay\/cs_9$/);
      },
      paid: async (_run, s) => {
        await closeModal(page);
        if (s.context.download) await expect(page.getByRole('link', { name: 'Download AddressCleanseResults.zip' })).toBeVisible();
      },
      discarded: async () => {
        await expect(page.getByText('The results were discarded.')).toBeVisible();
      },
    },
    events: {
      'user.retry': () => click('Try again'),
      'user.createResults': () => click(/^Run the results/),
      'user.editSettings': () => click('Change the properties'),
      // Discarding is asked first, then confirmed.
      'user.discard': async () => {
        await click('Discard the results');
        await click('Yes, discard the results');
      },
      'user.pay': async () => {
        await closeModal(page);
        const form = page.getByRole('form', { name: 'Buy the results' });
        const fill: [string, string][] = [['Name', details.name], ['Email', details.email], ['Address line 1', '1 High Street'], ['Town', 'Leeds'], ['Postcode', 'LS1 1AA']];
        for (const [label, value] of fill) await form.getByLabel(label, { exact: true }).fill(value);
        await form.getByRole('button', { name: /^Pay £/ }).click();
      },
      'user.map': notHere,
      'user.saveMapping': notHere,
      'user.readAs': notHere,
      'user.useTemplate': notHere,
      'user.set': notHere,
      'user.saveSettings': notHere,
    },
    // Every call is answered as it is made (above); the poll's delay runs in real time.
    effects: { done: (run) => settled(run), error: (run) => settled(run), after: nothingCertain },
  };
}

function notHere(): never {
  throw new Error('a gesture of the mapping or properties page: not on the file page');
}
