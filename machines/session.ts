import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { z } from 'zod';
import type { verifySecondFactorBody } from '../contract/security/schemas';
import { signedOutUser } from '../contract/shared/session';
import type { AuthUser } from '../contract/users/entities';

/** What the login form sends; `token` is the bot-check answer when the deployment uses one. */
export type Credentials = { userName: string; password: string; token?: string };

/** A second factor for the second step: an authenticator code, a recovery code or a passkey's answer. */
export type SecondFactorProof = z.input<typeof verifySecondFactorBody>;
/** What a browser's passkey ceremony answered to the server's challenge. */
export type PasskeyAssertion = { challengeId: string; response: Record<string, unknown> };
/** What a login sends: a user name and password, or a passkey's answer. */
export type LoginInput = Credentials | { passkey: PasskeyAssertion };
/** How far a half-signed-in session has got: the second factor is wanted, or one must be added. */
export type SignInStage = NonNullable<AuthUser['stage']>;

export type SessionInput = {
  /** The login result saved locally by an earlier visit, if any. */
  savedUser: AuthUser | null;
};

export type SessionContext = {
  user: AuthUser;
  /** Account id to attach at the next re-authentication (group selection sets it, only for owned accounts). */
  accountId: number | undefined;
};

export type SessionEvent =
  | { type: 'user.login'; credentials: Credentials }
  /** Sign in with a passkey alone: the page ran the browser's ceremony. */
  | { type: 'user.passkeyLogin'; assertion: PasskeyAssertion }
  /** The second step: the user gave a second factor. */
  | { type: 'user.secondFactor'; proof: SecondFactorProof }
  /** A user who had to add a second factor has added one: fetch a full token. */
  | { type: 'user.enrolled' }
  | { type: 'user.logout' }
  /** The user entered the right validation code: fetch a token that says so. */
  | { type: 'user.validated' }
  /** Group selection picked an account; accountId is absent when the account is not owned. */
  | { type: 'account.selected'; accountId: number | undefined }
  /** The API client got HTTP 401: the server no longer accepts the token. */
  | { type: 'session.unauthorized' };

/** The longest delay a timer keeps: a longer one fires at once (2^31 - 1 ms, about 24.8 days). */
export const longestTimerMs = 2 ** 31 - 1;

/**
 * Milliseconds until the next re-authentication: half the time left until recycleDate (seconds), at
 * most the longest delay a timer keeps (a session recycled in more than 49 days renews a little early
 * rather than at once and then in a loop).
 */
export function reauthDelayMs(user: AuthUser, nowMs: number): number {
  return Math.min(longestTimerMs, Math.max(0, (user.recycleDate * 1000 - nowMs) / 2));
}

const hasToken = (user: AuthUser | null | undefined): user is AuthUser => Boolean(user?.jwt);

/** Where every way out of a session leads: the signed-out user, with all saved and cached state cleared. */
const signOutAndClear = { target: '#session.signedOut', actions: ['signOut', 'clearAll'] } as const;

/** The renewal delay read against a clock (`Date.now` in the app): provide it as `delays.reauthDelay`. */
export const reauthDelayFrom =
  (now: () => number) =>
  ({ context }: { context: SessionContext }): number =>
    reauthDelayMs(context.user, now());

/** An account chosen in group selection: attached to the next re-authentication. */
const selectAccount = {
  type: 'selectAccount',
  params: ({ event }: { event: SessionEvent }) => {
    assertEvent(event, 'account.selected');
    return { accountId: event.accountId };
  },
} as const;

/** A login or re-authentication result: the session's user, saved locally. */
const keepUser = [
  { type: 'assignUser', params: ({ event }: { event: { output: AuthUser | null } }) => ({ user: event.output! }) },
  { type: 'saveUser', params: ({ event }: { event: { output: AuthUser | null } }) => ({ user: event.output! }) },
] as const;

type UserResult = { event: { output: AuthUser | null } };
const atStage = (stage: SignInStage) => ({ type: 'atStage', params: ({ event }: UserResult) => ({ user: event.output, stage }) }) as const;

/**
 * Where a login or re-authentication result leads: a half-signed-in session to its second step
 * (the second factor, or adding one), a full one to the portal. The result is kept either way, so a
 * reload resumes at the same step.
 */
const arrive = [
  { guard: atStage('secondFactor'), target: '#session.secondFactor', actions: keepUser },
  { guard: atStage('enrol'), target: '#session.enrolling', actions: keepUser },
  { target: '#session.authenticated', actions: keepUser },
] as const;

/**
 * Re-authentication, on load or once a required second factor is added (`resume`: routes wait), and
 * while working (`renew`): the same request and the same outcomes, a fresh token or a signed-out session.
 */
const renewal = (id: 'resume' | 'renew') =>
  ({
    id,
    src: 'reauthenticate',
    input: ({ context }: { context: SessionContext }) => ({ accountId: context.accountId }),
    onDone: [
      { guard: { type: 'noToken', params: ({ event }: UserResult) => ({ user: event.output }) }, ...signOutAndClear },
      ...arrive,
    ],
    onError: signOutAndClear,
  }) as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<AuthUser, LoginInput>(async () => {
      throw new Error('login not provided');
    }),
    /** Resolves with the full session's user once the server accepts the second factor. */
    verifySecondFactor: fromPromise<AuthUser, SecondFactorProof>(async () => {
      throw new Error('verifySecondFactor not provided');
    }),
    /** Resolves with a fresh auth user, or null when the server gives no token. */
    reauthenticate: fromPromise<AuthUser | null, { accountId: number | undefined }>(async () => {
      throw new Error('reauthenticate not provided');
    }),
  },
  actions: {
    /** Persist the login result (local storage in the app). */
    saveUser: (_, _params: { user: AuthUser }) => {},
    /** Forget the saved user and every cached or saved piece of state (app-provided). */
    clearAll: () => {},
    assignUser: assign((_, params: { user: AuthUser }) => ({
      user: params.user,
      accountId: params.user.accountId,
    })),
    signOut: assign({ user: signedOutUser, accountId: undefined }),
    selectAccount: assign((_, params: { accountId: number | undefined }) => ({ accountId: params.accountId })),
  },
  guards: {
    hasSavedToken: ({ context }) => hasToken(context.user),
    noToken: (_, params: { user: AuthUser | null }) => !hasToken(params.user),
    atStage: (_, params: { user: AuthUser | null; stage: SignInStage }) => params.user?.stage === params.stage,
  },
  delays: {
    /**
     * Half the time left until recycleDate. The machine has no clock of its own: the app provides
     * `reauthDelay: reauthDelayFrom(Date.now)`, tests a fixed or simulated clock.
     */
    reauthDelay: (): number => {
      throw new Error('reauthDelay not provided: sessionMachine.provide({ delays: { reauthDelay: reauthDelayFrom(clock) } })');
    },
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.savedUser ?? signedOutUser,
    accountId: input.savedUser?.accountId,
  }),
  initial: 'starting',
  states: {
    // Decides on load whether there is a saved session worth resuming.
    starting: {
      always: [{ guard: 'hasSavedToken', target: 'resuming' }, signOutAndClear],
    },
    // Re-authentication on load, or once a required second factor is added: routes wait for it before deciding where the user may go.
    resuming: {
      invoke: renewal('resume'),
      on: {
        'user.logout': signOutAndClear,
        // A choice made while the token is being fetched restarts the fetch with it, so it is not lost.
        'account.selected': { target: 'resuming', reenter: true, actions: selectAccount },
      },
    },
    signedOut: {
      on: { 'user.login': 'loggingIn', 'user.passkeyLogin': 'loggingIn' },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        // A password, or a passkey (both factors at once: the server answers a full session).
        input: ({ event }) => {
          assertEvent(event, ['user.login', 'user.passkeyLogin']);
          return event.type === 'user.login' ? event.credentials : { passkey: event.assertion };
        },
        onDone: arrive,
        // The API client has already shown the server's message in the Error modal.
        onError: 'signedOut',
      },
    },
    // The password was right; the token opens nothing but the second step until a second factor is given.
    secondFactor: {
      on: {
        'user.secondFactor': 'verifying',
        'user.logout': signOutAndClear,
        'session.unauthorized': signOutAndClear,
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verifySecondFactor',
        input: ({ event }) => {
          assertEvent(event, 'user.secondFactor');
          return event.proof;
        },
        onDone: { target: 'authenticated', actions: keepUser },
        // A wrong or used code: the message is shown and the user tries again.
        onError: 'secondFactor',
      },
      on: { 'user.logout': signOutAndClear },
    },
    // A group requires two-factor sign-in and the user has no second factor: adding one is all they may do.
    enrolling: {
      on: {
        // The server made the session full when the factor was added: a renewal fetches its token.
        'user.enrolled': 'resuming',
        'user.logout': signOutAndClear,
        'session.unauthorized': signOutAndClear,
      },
    },
    // Holds a token; renews it at half the time left until recycleDate.
    authenticated: {
      after: { reauthDelay: 'reauthenticating' },
      on: {
        'user.validated': 'reauthenticating',
        'account.selected': { target: 'reauthenticating', actions: selectAccount },
        'user.logout': signOutAndClear,
        'session.unauthorized': signOutAndClear,
      },
    },
    // Periodic or requested renewal while the user keeps working: pages stay as they are.
    reauthenticating: {
      invoke: renewal('renew'),
      on: {
        'user.logout': signOutAndClear,
        'session.unauthorized': signOutAndClear,
        // Restart the renewal with the newest account or validation, aborting the older request.
        'account.selected': { target: 'reauthenticating', reenter: true, actions: selectAccount },
        'user.validated': { target: 'reauthenticating', reenter: true },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const deciding = ['starting', 'resuming', 'loggingIn', 'verifying'] as const;

/** True once the session knows whether there is a user and how far they have signed in: route guards wait for this. */
export const isSettled = (snapshot: SessionSnapshot) => !deciding.some((state) => snapshot.matches(state));

/** The second step a half-signed-in session is at, or null (signed out or fully signed in). */
export function signInStage(snapshot: SessionSnapshot): SignInStage | null {
  if (snapshot.matches('secondFactor') || snapshot.matches('verifying')) return 'secondFactor';
  if (snapshot.matches('enrolling')) return 'enrol';
  return null;
}

export const isSignedIn = (snapshot: SessionSnapshot) =>
  snapshot.matches('authenticated') || snapshot.matches('reauthenticating');
