/**
 * Model of the session statechart (spec section 4, "Session"; section 9, reauthentication interval).
 * Effects are plain events: `login` / `reauthenticate` resolving or failing, and the reauth delay.
 */
import assert from 'node:assert/strict';
import { signedOutUser } from '../../../contract/shared/session';
import type { AuthUser } from '../../../contract/users/entities';
import { isSettled, isSignedIn, reauthDelayFrom, sessionMachine, signInStage, type SessionEvent } from '../../../machines/session';
import { defineModel, type EventSamples } from '../harness/model';

/**
 * The wall-clock time the session model runs at: the machine's clock is provided reading this instant
 * (the renewal delays are computed from it). session.test.ts also freezes `Date.now()` here.
 */
export const sessionModelNow = Date.UTC(2030, 0, 1, 9, 0, 0);
const nowSeconds = sessionModelNow / 1000;

/** Ada as the server answers for her, with a token of the given name, lasting `hours`. */
const ada = (jwt: string, hours: number, over: Partial<AuthUser> = {}): AuthUser => ({
  jwt,
  id: 7,
  userName: 'ada@example.com',
  recycleDate: nowSeconds + hours * 3600,
  roles: ['account'],
  territory: 'uk',
  validated: true,
  ...over,
});

/** Saved by an earlier visit; owns account 31. Server timestamps are in seconds (spec section 9). */
export const savedUser = ada('jwt-saved', 2, { accountId: 31 });
export const loggedInUser = ada('jwt-login', 1, { validated: false });
export const renewedUser = ada('jwt-renewed', 8);
export const credentials = { userName: 'ada@example.com', password: 'correct horse battery' };
/** The password was right; Ada holds an authenticator app and recovery codes. */
export const halfUser = ada('jwt-half', 1, { stage: 'secondFactor', secondFactors: ['totp', 'recovery'] });
/** Ada's organisation requires two-factor sign-in and she has no second factor yet. */
export const enrolUser = ada('jwt-enrol', 1, { stage: 'enrol' });
export const verifiedUser = ada('jwt-verified', 1);
export const proof = { method: 'totp', code: '123456' } as const;
export const assertion = { challengeId: 'challenge-1', response: { id: 'credential-1', type: 'public-key' } };

const events = {
  'user.login': [{ type: 'user.login', credentials }],
  'user.logout': [{ type: 'user.logout' }],
  'user.validated': [{ type: 'user.validated' }],
  'account.selected': [
    { type: 'account.selected', accountId: 42 },
    // an account the user does not own: nothing is attached
    { type: 'account.selected', accountId: undefined },
  ],
  'session.unauthorized': [{ type: 'session.unauthorized' }],
  'user.passkeyLogin': [{ type: 'user.passkeyLogin', assertion }],
  'user.secondFactor': [{ type: 'user.secondFactor', proof }],
  'user.enrolled': [{ type: 'user.enrolled' }],
} satisfies EventSamples<SessionEvent>;

const tokenHolders = ['resuming', 'reauthenticating'] as const;
/** The invoke id of the re-authentication in each token-holding state. */
const renewalIds = { resuming: 'resume', reauthenticating: 'renew' } as const;

export const sessionModel = defineModel({
  machine: sessionMachine,
  provide: { delays: { reauthDelay: reauthDelayFrom(() => sessionModelNow) } },
  inputs: {
    /** First visit, or the saved user was cleared. */
    fresh: { savedUser: null },
    /** A saved login result with a token: re-authenticated on load. */
    saved: { savedUser },
  },
  events,
  actors: {
    // a passkey's sign-in answers a full session like a password's without a second factor
    login: { done: [loggedInUser, halfUser, enrolUser], error: new Error('Invalid credentials') },
    // null: the server gave no token; a half-signed-in session renews as what it is
    reauthenticate: { done: [renewedUser, null, halfUser, enrolUser], error: new Error('Network down') },
    verifySecondFactor: { done: [verifiedUser], error: new Error('That code is not right') },
  },
  traversal: {
    // 130-odd simple paths (login/renew/select-account orders) add little to the ~40 paths that already
    // take every (state, event) edge of the model, and would swamp the QA plan
    simplePaths: false,
  },
  delays: {
    // Spec 4 and 9: re-authenticate at half the time left until recycleDate (seconds).
    reauthDelay: ({ context }) => (context.user.recycleDate * 1000 - Date.now()) / 2,
  },
  expect: {
    states: {
      resuming: (s, step) => {
        assert.equal(isSettled(s), false, 'routes wait while the session resumes');
        // On load with the saved user, or once a required second factor is added (the enrolling user's token).
        if (step.previous?.matches('enrolling')) assert.equal(step.event.type, 'user.enrolled');
        assert.deepEqual(s.context.user, step.previous?.context.user ?? savedUser);
        // An account chosen while resuming restarts the request with that account.
        const accountId = step.event.type === 'account.selected' ? step.event.accountId : step.previous ? step.previous.context.accountId : savedUser.accountId;
        assert.equal(s.context.accountId, accountId);
        assert.deepEqual(step.invoked, [{ src: 'reauthenticate', id: 'resume', input: { accountId } }]);
      },
      signedOut: (s, step) => {
        assert.deepEqual(s.context.user, signedOutUser, 'the user is the empty signed-out user');
        assert.equal(s.context.accountId, undefined);
        assert.equal(isSettled(s), true);
        assert.equal(isSignedIn(s), false);
        const clears = step.actions.filter((a) => a.type === 'clearAll').length;
        if (step.previous?.matches('loggingIn')) {
          assert.equal(clears, 0, 'a failed login has nothing to clear');
        } else {
          assert.equal(clears, 1, 'logout, a lost token or a failed re-authentication clear all state');
        }
        assert.equal(step.actions.filter((a) => a.type === 'saveUser').length, 0);
        const from = tokenHolders.find((t) => step.previous?.matches(t));
        if (from && step.event.type.startsWith('xstate.done.actor.')) {
          assert.equal((step.event as { output: unknown }).output, null, 'only a re-authentication without token signs out');
        }
        if (from && !step.event.type.startsWith('xstate.')) {
          assert.deepEqual(step.cancelled, [renewalIds[from]], 'leaving stops the pending re-authentication');
        }
      },
      loggingIn: (s, step) => {
        assert.equal(isSettled(s), false);
        // A password, or a passkey's answer: one request, the same outcomes.
        const input = step.event.type === 'user.passkeyLogin' ? { passkey: assertion } : credentials;
        assert.ok(['user.login', 'user.passkeyLogin'].includes(step.event.type));
        assert.deepEqual(step.invoked, [{ src: 'login', id: 'login', input }]);
      },
      secondFactor: (s, step) => {
        assert.equal(isSettled(s), true, 'the guards decide: nowhere but the second step');
        assert.equal(isSignedIn(s), false, 'a half-signed-in session opens no page of the portal');
        assert.equal(signInStage(s), 'secondFactor');
        assert.deepEqual(s.context.user, halfUser);
        if (step.previous?.matches('verifying')) {
          assert.ok(step.event.type.startsWith('xstate.error.actor.'), 'back from a refused code only');
          assert.deepEqual(step.actions, [], 'a refused code changes nothing');
        } else {
          assert.deepEqual(step.actions, [{ type: 'saveUser', params: { user: halfUser } }], 'a reload resumes at the second step');
        }
      },
      verifying: (s, step) => {
        assert.equal(isSettled(s), false);
        assert.equal(signInStage(s), 'secondFactor');
        assert.deepEqual(step.invoked, [{ src: 'verifySecondFactor', id: 'verify', input: proof }]);
      },
      enrolling: (s, step) => {
        assert.equal(isSettled(s), true);
        assert.equal(isSignedIn(s), false);
        assert.equal(signInStage(s), 'enrol');
        assert.deepEqual(s.context.user, enrolUser);
        assert.deepEqual(step.actions, [{ type: 'saveUser', params: { user: enrolUser } }]);
      },
      authenticated: (s, step) => {
        assert.equal(signInStage(s), null);
        assert.equal(s.context.user.stage, undefined, 'a full session only');
        assert.equal(isSignedIn(s), true);
        assert.equal(isSettled(s), true);
        assert.ok(step.event.type.startsWith('xstate.done.actor.'), 'only a login or re-authentication result');
        const user = (step.event as { output: AuthUser }).output;
        assert.notEqual(user.jwt, '');
        assert.deepEqual(s.context.user, user);
        assert.equal(s.context.accountId, user.accountId);
        assert.deepEqual(step.actions, [{ type: 'saveUser', params: { user } }], 'the login result is saved locally');
      },
      reauthenticating: (s, step) => {
        assert.equal(isSignedIn(s), true, 'pages stay as they are while the token renews');
        assert.deepEqual(s.context.user, step.previous?.context.user);
        const expectedAccount =
          step.event.type === 'account.selected' ? step.event.accountId : step.previous?.context.accountId;
        assert.equal(s.context.accountId, expectedAccount);
        assert.deepEqual(step.invoked, [
          { src: 'reauthenticate', id: 'renew', input: { accountId: expectedAccount } },
        ]);
        assert.equal(step.actions.length, 0);
      },
    },
  },
});
