import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createSubmissionMachine, resultOf, submissionMachine } from '../../machines/submission';
import { describeModel } from './harness/vitest';
import { failure, formValues, serverResult, submissionModel } from './models/submission.model';

describeModel(submissionModel);

describe('form submission on a real actor', () => {
  it('sends the values once and hands the result to the app', async () => {
    const submit = vi.fn(async ({ input }: { input: Record<string, unknown> }): Promise<unknown> => {
      void input;
      return serverResult;
    });
    const succeeded = vi.fn();
    const machine = submissionMachine.provide({
      actors: { submit: fromPromise(submit) },
      actions: { succeeded: (_, params) => succeeded(params) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'user.submit', values: formValues });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0][0].input).toEqual(formValues);
    expect(succeeded).toHaveBeenCalledWith({ result: serverResult, values: formValues });
    actor.stop();
  });

  it('fails with the message, keeps the input, and sends again from there', async () => {
    const answers: Array<() => Promise<{ id: number }>> = [
      async () => {
        throw new Error(failure);
      },
      async () => serverResult,
    ];
    const machine = createSubmissionMachine<typeof formValues, { id: number }>().provide({
      actors: { submit: fromPromise(async ({ input }) => answers.shift()!().then((r) => ({ ...r, echo: input.userName }))) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'user.submit', values: formValues });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toEqual({ values: formValues, result: undefined, error: failure });
    actor.send({ type: 'user.submit', values: formValues });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(resultOf(actor.getSnapshot())).toEqual({ ...serverResult, echo: formValues.userName });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    actor.stop();
  });
});
