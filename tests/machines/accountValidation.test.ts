import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountValidationMachine } from '../../machines/accountValidation';
import { describeModel } from './harness/vitest';
import { accountValidationModel, validationCode } from './models/accountValidation.model';

describeModel(accountValidationModel);

describe('account validation on a real actor', () => {
  function start(submit: (code: string) => Promise<unknown>, resend: () => Promise<unknown> = async () => null) {
    const submitCode = vi.fn(({ input }: { input: { code: string } }) => submit(input.code));
    const resendCode = vi.fn(() => resend());
    const notifyValidated = vi.fn();
    const machine = accountValidationMachine.provide({
      actors: { submitCode: fromPromise(submitCode), resendCode: fromPromise(resendCode) },
      actions: { notifyValidated },
    });
    return { actor: createActor(machine).start(), submitCode, resendCode, notifyValidated };
  }

  it('submits the code and asks the session for a validated token', async () => {
    const { actor, submitCode, notifyValidated } = start(async () => null);
    actor.send({ type: 'user.submit', code: validationCode });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submitCode.mock.calls[0][0].input).toEqual({ code: validationCode });
    expect(notifyValidated).toHaveBeenCalledTimes(1);
  });

  it('lets the user try again after a rejected code', async () => {
    const { actor, notifyValidated } = start(async () => {
      throw new Error('Failed to validate account: Invalid code');
    });
    actor.send({ type: 'user.submit', code: '000000' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(notifyValidated).not.toHaveBeenCalled();
    actor.stop();
  });

  it('resends the code and says so; a failed resend does not', async () => {
    let fail = true;
    const { actor, resendCode } = start(
      async () => null,
      async () => {
        if (fail) throw new Error('Failed to resend code');
        return null;
      },
    );
    actor.send({ type: 'user.resend' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.resent).toBe(false);
    fail = false;
    actor.send({ type: 'user.resend' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.resent).toBe(true);
    expect(resendCode).toHaveBeenCalledTimes(2);
    actor.stop();
  });
});
