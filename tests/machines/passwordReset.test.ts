import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { passwordResetMachine, type PasswordResetInput } from '../../machines/passwordReset';
import { describeModel } from './harness/vitest';
import { linkUserId, passwordResetModel, resetForm, typedUserId } from './models/passwordReset.model';

describeModel(passwordResetModel);

describe('password reset on a real actor', () => {
  function start(input: PasswordResetInput) {
    const requestCode = vi.fn(async ({ input }: { input: { userId: string } }): Promise<unknown> => input);
    const resetPassword = vi.fn(
      async ({ input }: { input: { userId: string; activationCode: string; password: string } }): Promise<unknown> =>
        input,
    );
    const machine = passwordResetMachine.provide({
      actors: { requestCode: fromPromise(requestCode), resetPassword: fromPromise(resetPassword) },
    });
    return { actor: createActor(machine, { input }).start(), requestCode, resetPassword };
  }

  it('starts at awaitingCode with the user id from the email link, and resets with it', async () => {
    const { actor, requestCode, resetPassword } = start({ userId: linkUserId });
    expect(actor.getSnapshot().value).toBe('awaitingCode');
    actor.send({ type: 'user.submit', ...resetForm });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requestCode).not.toHaveBeenCalled();
    expect(resetPassword.mock.calls[0][0].input).toEqual({
      userId: linkUserId,
      activationCode: resetForm.code,
      password: resetForm.password,
    });
  });

  it('requests a code for the typed user id, then resets with the code', async () => {
    const { actor, requestCode, resetPassword } = start({});
    expect(actor.getSnapshot().value).toBe('requesting');
    actor.send({ type: 'user.requestCode', userId: typedUserId });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(requestCode.mock.calls[0][0].input).toEqual({ userId: typedUserId });
    actor.send({ type: 'user.resend' });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(requestCode).toHaveBeenCalledTimes(2);
    actor.send({ type: 'user.submit', ...resetForm });
    await waitFor(actor, (s) => s.status === 'done');
    expect(resetPassword.mock.calls[0][0].input.userId).toBe(typedUserId);
  });

  it('starting over forgets the user id', () => {
    const { actor } = start({ userId: linkUserId });
    actor.send({ type: 'user.startOver' });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context.userId).toBe('');
    actor.stop();
  });
});
