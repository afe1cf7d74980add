import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { submissionMachine } from '../../machines/submission';
import { describeModel } from './harness/vitest';
import { formValues, serverResult, submissionModel } from './models/submission.model';

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
});
