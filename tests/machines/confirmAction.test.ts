import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { confirmActionMachine } from '../../machines/confirmAction';
import { describeModel } from './harness/vitest';
import { confirmActionModel, inUse } from './models/confirmAction.model';

describeModel(confirmActionModel);

describe('a confirmed deletion on a real actor', () => {
  function start(act: () => Promise<unknown>) {
    const call = vi.fn(act);
    const succeeded = vi.fn();
    const machine = confirmActionMachine.provide({ actors: { act: fromPromise(call) }, actions: { succeeded } });
    return { actor: createActor(machine).start(), call, succeeded };
  }

  it('sends nothing when the user cancels', () => {
    const { actor, call } = start(async () => null);
    actor.send({ type: 'user.request' });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(call).not.toHaveBeenCalled();
    actor.stop();
  });

  it('deletes once on confirmation and tells the app', async () => {
    const { actor, call, succeeded } = start(async () => ({ msg: 'Deleted' }));
    actor.send({ type: 'user.request' });
    actor.send({ type: 'user.confirm' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(call).toHaveBeenCalledTimes(1);
    expect(succeeded).toHaveBeenCalledTimes(1);
  });

  it('keeps the refusal and lets the user ask again', async () => {
    let refuse = true;
    const { actor, succeeded } = start(async () => {
      if (refuse) throw new Error(inUse);
      return null;
    });
    actor.send({ type: 'user.request' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.error).toBe(inUse);
    expect(succeeded).not.toHaveBeenCalled();
    refuse = false;
    actor.send({ type: 'user.request' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});
