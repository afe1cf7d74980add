/**
 * The session model's paths (tests/machines/models/session.model.ts) driven through the real portal in
 * Chromium: a `ModelDriver` over a Playwright page, the browser twin of tests/machines/harness/actorDriver.ts.
 *
 *   states  -> what the page shows (the login tab, "Signed in as", the code form, "Renewing…", a page
 *              still waiting ...), and after every step the live state of the page's session actor as
 *              its inspection hub reports it (the visualiser's source) must equal the model's;
 *   events  -> gestures: the login form (a wrong password when the model's login fails next), Log Out
 *              in the user menu (while resuming: Log out on the "Still signing you in…" screen), the
 *              emailed validation code, Change Account (the accounts of an organisation the path's own
 *              user owns; right after sign-in the group selection picks the first one itself), and for
 *              a 401 the user is deleted through the API and the page calls the server;
 *   effects -> the login, renewal and group-list requests are held at the network boundary
 *              (`page.route`) so the transient states can be seen, then passed on to the real server.
 *              Only two answers the real server never gives are made up there: a renewal without a
 *              token (`reauthenticate done (null)`) and a network failure (`reauthenticate error`).
 *              The renewal delay elapses with `page.clock`.
 *
 * What no gesture can produce is reported by `blockerOf`, and the path skipped, rather than faked.
 */
import type { APIRequestContext, Page, Request, Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { AuthUser } from '../../contract/users/entities';
import type { sessionMachine } from '../../machines/session';
import { inspectionChannel, type InspectionMessage } from '../../src/app/inspection';
import { storageKeys } from '../../src/app/storage';
import type { ModelDriver } from '../../tests/machines/harness/driver';
import type { ModelPath } from '../../tests/machines/harness/model';
import { sessionModel } from '../../tests/machines/models/session.model';
import { slowResumeMs } from '../../src/shared/RoutePending';
import { codeIn, demoPassword, dismissModal, expect, waitForMail } from './fixtures';

type Session = typeof sessionMachine;
export type SessionPath = ModelPath<Session>;

type Held = { route: Route; request: Request };

/**
 * The user a path signs in as: its own when it deletes or validates it or chooses accounts, else one
 * shared per worker.
 */
type TestUser = { email: string; password: string; since: number; validated: boolean };

/** The organisation and its two accounts each account-choosing path's own user owns. */
const owned = { organisation: 'Path Trading', accounts: ['Path Account One', 'Path Account Two'] } as const;

export type SessionRun = {
  page: Page;
  api: APIRequestContext;
  path: SessionPath;
  /** Index of the step last performed. */
  index: number;
  user: TestUser;
  held: { login: Held[]; reauth: Held[]; groups: Held[] };
  /** The page's clock when a held login or renewal was last let through. */
  releasedAt: number;
  /** Whether the page's clock is installed (time can be fast-forwarded). */
  clock: boolean;
};

/**
 * Why a path cannot be walked in the real UI, or null: what no page offers, or what the demo data
 * cannot give. When that changes, drop the reason here (and give the gesture below) and the path runs.
 */
export function blockerOf(path: SessionPath): string | null {
  // The two-factor states need a user who holds a second factor or must add one; their gestures (an
  // authenticator code, a passkey, adding one) are walked by e2e/two-factor.spec.ts.
  const twoFactor = ['secondFactor', 'verifying', 'enrolling'];
  const at = path.steps.findIndex((s) => s.event.type === 'user.passkeyLogin' || twoFactor.some((state) => (s.state as AnyMachineSnapshot).matches(state)));
  if (at >= 0) return `step ${at}, ${path.steps[at].event.type}: a two-factor step, walked in e2e/two-factor.spec.ts`;
  // A path that validates its user starts unvalidated; the token says validated once a renewal or
  // login after the validation has landed.
  let tokenValidated = !path.steps.some((s) => s.event.type === 'user.validated');
  let validating = false;
  for (let i = 1; i < path.steps.length; i++) {
    const { event } = path.steps[i];
    const from = path.steps[i - 1].state as AnyMachineSnapshot;
    if (from.matches('resuming') && event.type === 'account.selected') {
      return `step ${i}, account.selected while resuming: every page with Change Account waits for the session to resume (route guards), and groups load only after it`;
    }
    if (event.type === 'account.selected' && event.accountId === undefined) {
      return `step ${i}, account.selected of no owned account: the app sends account.selected only when the choice differs from the token's account (src/app/portal.ts), and here the token has none`;
    }
    if (event.type === 'user.validated' && path.steps.slice(1, i).some((s) => s.event.type === 'user.validated')) {
      return `step ${i}, a second user.validated: the server validates an account once ("This user is already validated")`;
    }
    if (event.type === 'account.selected' && !tokenValidated) {
      return `step ${i}, account.selected before the token says the user is validated: groups, and so the accounts to choose, load only for a validated user (src/app/portal.ts)`;
    }
    if (event.type === 'user.validated') validating = true;
    if (validating && (path.steps[i].state as AnyMachineSnapshot).matches('authenticated')) tokenValidated = true;
  }
  return null;
}

const isPath = (pathname: string) => (url: URL) => url.pathname === pathname;

/** The session's state value as the page's inspection hub reports it (what the visualiser shows). */
export async function liveSessionValue(page: Page): Promise<unknown> {
  return page.evaluate(
    ({ channelName }) =>
      new Promise((resolve) => {
        const channel = new BroadcastChannel(channelName);
        const timer = setTimeout(() => (channel.close(), resolve(undefined)), 2_000);
        channel.onmessage = (e: MessageEvent<InspectionMessage>) => {
          const record = e.data.kind === 'records' ? e.data.records.find((r) => r.machine === 'session') : undefined;
          if (!record) return;
          clearTimeout(timer);
          channel.close();
          resolve(record.value);
        };
        channel.postMessage({ kind: 'request' } satisfies InspectionMessage);
      }),
    { channelName: inspectionChannel },
  );
}

async function savedUser(page: Page): Promise<AuthUser | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), storageKeys.user);
}

async function createUser(api: APIRequestContext, territory: string, validated: boolean): Promise<TestUser> {
  const user: TestUser = {
    email: `path-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.org`,
    password: 'Path-Pass-1',
    since: Date.now(),
    validated,
  };
  const signup = await api.post('/api/users/users', {
    data: { email: user.email, password: user.password, personalName: 'Path Walker', territory },
  });
  expect(signup.status()).toBe(201);
  if (validated) {
    const { jwt } = await apiLogin(api, user);
    const code = codeIn(await waitForMail(user.email, /validation code/i, user.since));
    const done = await api.put('/api/users/validate', { data: { code }, headers: { authorization: `Bearer ${jwt}` } });
    expect(done.status()).toBe(200);
  }
  return user;
}

/**
 * A user of the path's own who owns an organisation with two accounts, made through the groups API by
 * super (the server lets an unvalidated user do nothing but validate; only super creates an
 * organisation for another user).
 */
async function createAccountOwner(api: APIRequestContext, territory: string, validated: boolean): Promise<TestUser> {
  const user = await createUser(api, territory, validated);
  const { id } = await apiLogin(api, user);
  const staff = await apiLogin(api, superUser);
  const headers = { authorization: `Bearer ${staff.jwt}` };
  const organisation = await api.post(`/api/users/groups?userId=${id}`, { data: { type: 'organisation', name: owned.organisation }, headers });
  expect(organisation.status()).toBe(201);
  const { id: parentId } = (await organisation.json()) as { id: number };
  for (const name of owned.accounts) {
    const account = await api.post(`/api/users/groups?parentId=${parentId}`, { data: { type: 'account', name }, headers });
    expect(account.status()).toBe(201);
  }
  return user;
}

/** The demo super user: staff who may make groups for others and lock users. */
const superUser: TestUser = { email: 'super@example.com', password: demoPassword, since: 0, validated: true };

/** Users no path changes (none validates or deletes them), made once per worker. */
const sharedUsers = new Map<boolean, Promise<TestUser>>();

async function userFor(api: APIRequestContext, territory: string, validated: boolean, throwaway: boolean): Promise<TestUser> {
  if (throwaway) return createUser(api, territory, validated);
  if (!sharedUsers.has(validated)) sharedUsers.set(validated, createUser(api, territory, validated));
  return { ...(await sharedUsers.get(validated)!) };
}

async function apiLogin(api: APIRequestContext, user: TestUser): Promise<AuthUser> {
  const basic = Buffer.from(`${user.email}:${user.password}`).toString('base64');
  const response = await api.get('/api/users/auth', { headers: { authorization: `Basic ${basic}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as AuthUser;
}

/** Polls cheap in-process checks often (the default backs off to a second): a path is many short waits. */
const quickPolls = [25, 50, 100, 200];

/** Waits until `count` requests are held at `list`, and returns the newest. */
async function heldRequest(list: Held[], count = 1): Promise<Held> {
  await expect.poll(() => list.length, { message: 'the request is made', intervals: quickPolls }).toBeGreaterThanOrEqual(count);
  return list.at(-1)!;
}

async function release(run: SessionRun, list: Held[], how: (held: Held) => Promise<void>) {
  const held = await heldRequest(list);
  list.length = 0;
  run.releasedAt = await run.page.evaluate(() => Date.now());
  await how(held);
}

export function sessionDriver({ page, api, territory }: { page: Page; api: APIRequestContext; territory: string }): ModelDriver<Session, SessionRun> {
  const userMenu = (run: SessionRun) => page.getByRole('button', { name: run.user.email });

  /** The step about to be performed is `run.index + 1`; the one after it is what the server will answer. */
  const nextEvent = (run: SessionRun) => run.path.steps[run.index + 2]?.event.type ?? '';

  return {
    async start(path) {
      const types = path.steps.map((s) => s.event.type);
      // The model's saved user is validated; a fresh login is not (its sample output says so). The
      // group selection chooses an account only for a validated user who owns one.
      const user = types.includes('account.selected')
        ? await createAccountOwner(api, territory, !types.includes('user.validated'))
        : await userFor(
            api,
            territory,
            path.scenario === 'saved' && !types.includes('user.validated'),
            types.includes('user.validated') || types.includes('session.unauthorized'),
          );
      // The clock runs for delays: the renewal's, and the wait before the loading screen offers Log out.
      const clock = path.steps.some(
        (s, i) => s.event.type.startsWith('xstate.after.') || (s.event.type === 'user.logout' && (path.steps[i - 1]?.state as AnyMachineSnapshot).matches('resuming')),
      );
      const run: SessionRun = { page, api, path, index: 0, user, held: { login: [], reauth: [], groups: [] }, releasedAt: 0, clock };
      await page.route(isPath('/api/users/auth'), (route, request) => void run.held.login.push({ route, request }));
      await page.route(isPath('/api/users/reauth'), (route, request) => void run.held.reauth.push({ route, request }));
      // The user's groups load once signed in; held until the path selects an account.
      await page.route(isPath('/api/users/groups'), (route, request) =>
        request.method() === 'GET' && types.includes('account.selected')
          ? void run.held.groups.push({ route, request })
          : route.fallback(),
      );
      if (clock) await page.clock.install();
      if (path.scenario === 'saved') {
        // "Saved by an earlier visit": a real login result in local storage, once (not on later loads).
        const saved = await apiLogin(api, user);
        await page.addInitScript(
          ({ key, value }) => {
            if (sessionStorage.getItem('e2e.seeded')) return;
            localStorage.setItem(key, value);
            sessionStorage.setItem('e2e.seeded', '1');
          },
          { key: storageKeys.user, value: JSON.stringify(saved) },
        );
      }
      await page.goto('/portal/home');
      return run;
    },
    async afterStep(run, path, i) {
      run.index = i;
      const expected = path.steps[i].state as AnyMachineSnapshot;
      await expect
        .poll(() => liveSessionValue(page), { message: 'the live session state', intervals: quickPolls })
        .toEqual(expected.value);
    },

    states: {
      signedOut: async () => {
        await expect(page).toHaveURL(/\/portal\/login$/);
        await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
        expect(await savedUser(page), 'nothing of the session is kept').toBeNull();
      },
      loggingIn: async (run) => {
        await heldRequest(run.held.login);
        await expect(page.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
      },
      resuming: async (run) => {
        // Renewing the saved token; the page waits for it (the guards have not decided yet).
        await heldRequest(run.held.reauth);
        await expect(page).toHaveURL(/\/portal\/home$/);
        await expect(page.getByRole('tab', { name: 'Log in' })).toHaveCount(0);
        await expect(userMenu(run)).toHaveCount(0);
      },
      authenticated: async (run) => {
        expect(run.held.reauth, 'no renewal under way').toEqual([]);
        await expect(userMenu(run)).toBeVisible();
        if (run.user.validated) {
          await expect(page).toHaveURL(/\/portal\/home$/);
          await expect(page.getByText(`Signed in as ${run.user.email}`)).toBeVisible();
          await expect(page.getByRole('status').filter({ hasText: /^(Active|Renewing…)$/ })).toHaveText('Active');
        } else {
          await expect(page).toHaveURL(/\/portal\/validate$/);
          await expect(page.getByRole('heading', { name: 'Validate your account' })).toBeVisible();
        }
        expect((await savedUser(page))?.userName, 'the login result is saved locally').toBe(run.user.email);
      },
      reauthenticating: async (run) => {
        // The renewal is under way and the page stays as it was.
        await heldRequest(run.held.reauth);
        await expect(userMenu(run)).toBeVisible();
        if (page.url().endsWith('/portal/home')) {
          await expect(page.getByRole('status').filter({ hasText: /^(Active|Renewing…)$/ })).toHaveText('Renewing…');
        }
      },
    },

    events: {
      'user.login': async (run) => {
        // The server refuses a wrong password: typed when the model's next step is the login failing.
        const next = sessionModel.effects.get(nextEvent(run));
        const wrong = next?.kind === 'error' && next.src === 'login';
        await page.getByLabel('Email').fill(run.user.email);
        await page.getByLabel('Password', { exact: true }).fill(wrong ? 'Not-The-Password-9' : run.user.password);
        await page.getByRole('button', { name: 'Log in' }).click();
      },
      'user.logout': async (run) => {
        if ((run.path.steps[run.index].state as AnyMachineSnapshot).matches('resuming')) {
          // Still signing in: after a while the loading screen offers Log out. The installed clock
          // keeps running, so on a loaded machine the two seconds may already have passed.
          await expect(page.getByRole('status').filter({ hasText: /^(Loading\.\.\.|Still signing you in…)$/ })).toBeVisible();
          await page.clock.fastForward(slowResumeMs + 100);
          await expect(page.getByRole('status').filter({ hasText: 'Still signing you in…' })).toBeVisible();
          await page.getByRole('button', { name: 'Log out' }).click();
          // The renewal still held is forgotten: its answer would go to no one.
          run.held.reauth.length = 0;
          return;
        }
        await userMenu(run).click();
        await page.getByRole('menuitem', { name: 'Log Out' }).click();
      },
      'user.validated': async (run) => {
        const mail = await waitForMail(run.user.email, /validation code/i, run.user.since);
        await page.getByLabel('Validation code').fill(codeIn(mail));
        await page.getByRole('button', { name: 'Validate' }).click();
        await heldRequest(run.held.reauth);
        run.user.validated = true;
      },
      'account.selected': async (run) => {
        const renewals = run.held.reauth.length;
        if (run.held.groups.length) {
          // Signed in: the group selection gets the user's groups and picks the first account, owned.
          await release(run, run.held.groups, ({ route }) => route.continue());
        } else {
          // Change Account: the user's organisation opens on its two accounts; choose the one not in use.
          await page.getByRole('button', { name: 'Change Account' }).click();
          const switcher = page.getByRole('dialog', { name: 'Change account' });
          await switcher.getByRole('button', { name: new RegExp(`^${owned.organisation}`) }).click();
          await switcher
            .getByRole('button', { name: new RegExp(`^(${owned.accounts.join('|')})`) })
            .and(page.locator(':not([aria-current])'))
            .click();
        }
        const renewal = await heldRequest(run.held.reauth, renewals + 1);
        expect(new URL(renewal.request.url()).searchParams.get('accId'), 'the renewal asks for the account').toMatch(/^\d+$/);
      },
      // Paths with these are reported by blockerOf and never driven here.
      'user.passkeyLogin': async () => {
        throw new Error('user.passkeyLogin is walked in e2e/two-factor.spec.ts');
      },
      'user.secondFactor': async () => {
        throw new Error('user.secondFactor is walked in e2e/two-factor.spec.ts');
      },
      'user.enrolled': async () => {
        throw new Error('user.enrolled is walked in e2e/two-factor.spec.ts');
      },
      'session.unauthorized': async (run) => {
        // Staff lock the user on the server while the page still holds a token: every token of theirs
        // ends (deleting would be refused: the path's user may be the only owner of their groups).
        const { id } = await apiLogin(api, run.user);
        const staff = await apiLogin(api, superUser);
        const locked = await api.put(`/api/users/userlock?id=${id}`, { data: { lock: true }, headers: { authorization: `Bearer ${staff.jwt}` } });
        expect(locked.status()).toBe(200);
        if (run.held.reauth.length) {
          // Renewing: the renewal itself is answered 401.
          await release(run, run.held.reauth, ({ route }) => route.continue());
        } else if (page.url().endsWith('/portal/validate')) {
          await page.getByRole('button', { name: 'Resend code' }).click();
        } else {
          // Home's link to the user's own page, whose loader asks the server.
          await page.getByRole('link', { name: 'My settings' }).first().click();
        }
        expect(await dismissModal(page)).toContain('Authentication Failure');
      },
    },

    effects: {
      async done(run, info, output) {
        if (info.src === 'login') {
          await release(run, run.held.login, ({ route }) => route.continue());
        } else if (output === null) {
          // Network boundary: the real server never renews without a token.
          await release(run, run.held.reauth, ({ route }) => route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }));
        } else {
          await release(run, run.held.reauth, ({ route }) => route.continue());
        }
      },
      async error(run, info) {
        if (info.src === 'login') {
          await release(run, run.held.login, ({ route }) => route.continue());
          expect(await dismissModal(page)).toContain('Failed to log in: Invalid user name or password');
        } else {
          // Network boundary: the network goes down during the renewal.
          await release(run, run.held.reauth, ({ route }) => route.abort('internetdisconnected'));
        }
      },
      async after(run) {
        // Half the time left until recycleDate (spec sections 4 and 9), counted from when the page got
        // the token: some time after the request was let through, at the latest now.
        const recycleMs = (await savedUser(page))!.recycleDate * 1000;
        const now = await page.evaluate(() => Date.now());
        const earliest = (recycleMs + run.releasedAt) / 2;
        const latest = (recycleMs + now) / 2;
        let at = now;
        if (earliest - 300 > at) {
          await page.clock.fastForward(earliest - 300 - at);
          at = earliest - 300;
        }
        expect(run.held.reauth, 'no renewal before half the time left').toEqual([]);
        await page.clock.fastForward(Math.max(0, latest + 300 - at));
        await heldRequest(run.held.reauth);
      },
    },
  };
}
