import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { groupSelectionMachine } from '../../machines/groupSelection';
import { describeModel } from './harness/vitest';
import { groupSelectionModel } from './models/groupSelection.model';
import { customerAccount, trees } from './models/groupFixtures';

describeModel(groupSelectionModel);

describe('group selection on a real actor', () => {
  it("fetches a staff user's saved customer group by id and attaches no account id", async () => {
    const loadGroup = vi.fn(async (input: { id: number }) => {
      void input;
      return customerAccount;
    });
    const selected = vi.fn();
    const actor = createActor(
      groupSelectionMachine.provide({
        actors: { loadGroups: fromPromise(async () => trees), loadGroup: fromPromise(({ input }) => loadGroup(input)) },
        actions: { selected: (_, p) => selected(p) },
      }),
    ).start();
    actor.send({ type: 'session.signedIn', staff: true, saved: { accountId: 911 } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loadGroup).toHaveBeenCalledWith({ id: 911 });
    expect(actor.getSnapshot().context.selection.account?.id).toBe(911);
    expect(selected).toHaveBeenCalledWith({ accountId: undefined });
    actor.stop();
  });
});
