import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signedOutUser } from '../../contract/shared/session';
import type { AuthUser } from '../../contract/users/entities';
import { longestTimerMs, reauthDelayFrom, reauthDelayMs, sessionMachine, type LoginInput } from '../../machines/session';
import { describeModel } from './harness/vitest';
import { credentials, loggedInUser, renewedUser, savedUser, sessionModel, sessionModelNow } from './models/session.model';

describe('session model', () => {
  // The reauth delay reads Date.now(); the model's expected delays are computed at this instant.
  beforeEach(() => {
    vi.useFakeTimers({ now: sessionModelNow, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  describeModel(sessionModel);
});

describe('the re-authentication delay', () => {
  const at = Date.UTC(2030, 0, 1);
  const recycledIn = (seconds: number) => ({ ...loggedInUser, recycleDate: at / 1000 + seconds });

  it('is half the time left, never below zero', () => {
    expect(reauthDelayMs(recycledIn(3600), at)).toBe(1800 * 1000);
    expect(reauthDelayMs(recycledIn(-60), at)).toBe(0);
  });

  it('is at most what a timer keeps, so a session recycled in a year does not renew at once', () => {
    expect(reauthDelayMs(recycledIn(365 * 24 * 3600), at)).toBe(longestTimerMs);
  });
});

describe('session effects on a real actor', () => {
  const hour = 3600 * 1000;

  function start(savedUserInput: AuthUser | null, reauthResults: Array<AuthUser | null | Error> = []) {
    const reauthenticate = vi.fn(async ({ input }: { input: { accountId: number | undefined } }) => {
      void input;
      const next = reauthResults.shift();
      if (next instanceof Error) throw next;
      return next ?? null;
    });
    const login = vi.fn(async ({ input }: { input: LoginInput }) => {
      void input;
      return loggedInUser;
    });
    const saveUser = vi.fn();
    const clearAll = vi.fn();
    const machine = sessionMachine.provide({
      actors: { reauthenticate: fromPromise(reauthenticate), login: fromPromise(login) },
      actions: { saveUser: (_, params) => saveUser(params.user), clearAll },
      // the faked Date.now of these tests
      delays: { reauthDelay: reauthDelayFrom(() => Date.now()) },
    });
    const actor = createActor(machine, { input: { savedUser: savedUserInput } }).start();
    return { actor, reauthenticate, login, saveUser, clearAll };
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: sessionModelNow });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('re-authenticates on load when a saved user with a jwt exists, with its account id', async () => {
    const { actor, reauthenticate, saveUser } = start(savedUser, [renewedUser]);
    expect(actor.getSnapshot().value).toBe('resuming');
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(reauthenticate.mock.calls[0][0].input).toEqual({ accountId: 31 });
    expect(saveUser).toHaveBeenCalledWith(renewedUser);
    expect(actor.getSnapshot().context.user).toEqual(renewedUser);
    actor.stop();
  });

  it('does not re-authenticate a saved user without a jwt: signed out, all state cleared', () => {
    const { actor, reauthenticate, clearAll } = start({ ...savedUser, jwt: '' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toEqual(signedOutUser);
    expect(reauthenticate).not.toHaveBeenCalled();
    expect(clearAll).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('re-authenticates after half the remaining lifetime, again and again', async () => {
    const { actor, login, reauthenticate } = start(null, [renewedUser, renewedUser]);
    actor.send({ type: 'user.login', credentials });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(login.mock.calls[0][0].input).toEqual(credentials);

    // loggedInUser expires in 1 h: renew after 30 min
    vi.advanceTimersByTime(hour / 2 - 1);
    expect(reauthenticate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('reauthenticating');
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => s.matches('authenticated'));

    // renewedUser expires 8 h after the start, 7.5 h from now: renew after 3.75 h
    vi.advanceTimersByTime(3.75 * hour - 1);
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(reauthenticate).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('logout clears the saved user, the timer and all cached data', async () => {
    const { actor, reauthenticate, clearAll } = start(savedUser, [renewedUser]);
    await waitFor(actor, (s) => s.matches('authenticated'));
    clearAll.mockClear();
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toEqual(signedOutUser);
    expect(clearAll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(24 * hour);
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('signs out and clears everything when re-authentication gives no token or fails', async () => {
    for (const result of [null, new Error('Network down')]) {
      const { actor, clearAll, saveUser } = start(savedUser, [result]);
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(actor.getSnapshot().context.user).toEqual(signedOutUser);
      expect(clearAll).toHaveBeenCalledTimes(1);
      expect(saveUser).not.toHaveBeenCalled();
      actor.stop();
    }
  });

  it('attaches the selected account id to the next re-authentication, and none for an account not owned', async () => {
    const { actor, reauthenticate } = start(savedUser, [renewedUser, renewedUser, renewedUser]);
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'account.selected', accountId: 42 });
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'account.selected', accountId: undefined });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(reauthenticate.mock.calls.map(([arg]) => arg.input)).toEqual([
      { accountId: 31 },
      { accountId: 42 },
      { accountId: undefined },
    ]);
    actor.stop();
  });
});
