import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { tokenExportMachine } from '../../machines/tokenExport';
import { describeModel } from './harness/vitest';
import { exported, tokenExportModel, typedPassword, wrongPassword } from './models/tokenExport.model';

describeModel(tokenExportModel);

describe('Export API Token on a real actor', () => {
  function start(exportToken: (input: { tokenId: number; password: string }) => Promise<{ token: string }>, tokenId?: number) {
    const call = vi.fn(exportToken);
    const copy = vi.fn(async (_: { text: string }) => undefined);
    const closed = vi.fn();
    const machine = tokenExportMachine.provide({
      actors: { exportToken: fromPromise(({ input }) => call(input)), copyText: fromPromise(({ input }) => copy(input)) },
      actions: { closed },
    });
    return { actor: createActor(machine, { input: { tokenId } }).start(), call, copy, closed };
  }

  it('asks for the password before exporting, sends it once, and copies the token', async () => {
    const { actor, call, copy } = start(async () => exported);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'user.submit', password: typedPassword });
    expect(call).not.toHaveBeenCalled();
    actor.send({ type: 'user.choose', tokenId: 3 });
    actor.send({ type: 'user.submit', password: typedPassword });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(call).toHaveBeenCalledExactlyOnceWith({ tokenId: 3, password: typedPassword });
    actor.send({ type: 'user.copy' });
    await waitFor(actor, (s) => s.matches('copied'));
    expect(copy).toHaveBeenCalledWith({ text: exported.token });
  });

  it('says a wrong password on the dialog, exports nothing, and lets the user try again', async () => {
    let wrong = true;
    const { actor } = start(async () => {
      if (wrong) throw new Error(wrongPassword);
      return exported;
    }, 9);
    actor.send({ type: 'user.submit', password: 'nope' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context).toMatchObject({ error: wrongPassword, token: null });
    wrong = false;
    actor.send({ type: 'user.retry' });
    actor.send({ type: 'user.submit', password: typedPassword });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context).toMatchObject({ error: undefined, token: exported.token });
  });

  it('abandons the call when the dialog closes mid-export, and forgets the token', async () => {
    let aborted = false;
    const machine = tokenExportMachine.provide({
      actors: {
        exportToken: fromPromise(({ signal }) => new Promise<{ token: string }>((_, reject) => signal.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        }))),
      },
    });
    const actor = createActor(machine, { input: { tokenId: 1 } }).start();
    actor.send({ type: 'user.submit', password: typedPassword });
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(aborted).toBe(true);
  });
});
