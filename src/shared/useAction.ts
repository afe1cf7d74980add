import { useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createSubmissionMachine } from '../../machines/submission';
import { ApiFailure } from '../api/client';
import { usePortal } from '../app/PortalContext';

const action = createSubmissionMachine<{ label: string }>();

/**
 * One action of a page at a time (remove a user, corporate or charity status, lock, save a card,
 * open an invoice): the submission machine tracks it, `busy` while it runs and `done` saying the
 * label of the last one that succeeded. On success the page's data and the user's groups are loaded
 * again: an action that leaves the groups as they were (a subscription, a bundle) passes
 * `refreshGroups: false`, one that changes nothing the page shows (opening an invoice, leaving for
 * the card page) `reload: false` too.
 */
export function useAction({ refreshGroups = true, reload = true }: { refreshGroups?: boolean; reload?: boolean } = {}) {
  const router = useRouter();
  const { groups, modal } = usePortal();
  // The call of the change under way: the machine holds its label, not the function.
  const call = useRef<() => Promise<unknown>>(async () => undefined);
  const actor = useActorRef(
    action.provide({
      actors: {
        submit: fromPromise(async () => {
          try {
            return await call.current();
          } catch (error) {
            // The API client has shown its own failures; a refusal decided here needs saying too.
            if (!(error instanceof ApiFailure)) modal.send({ type: 'modal.show', title: 'Error', text: (error as Error).message });
            throw error;
          }
        }),
      },
      actions: {
        succeeded: () => {
          if (refreshGroups) groups.send({ type: 'groups.refresh' });
          if (reload) void router.invalidate();
        },
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.matches('submitting'));
  const done = useSelector(actor, (s) => (s.matches('succeeded') ? (s.context.values?.label ?? '') : ''));
  const run = (label: string, change: () => Promise<unknown>) => {
    call.current = change;
    // After a success the machine waits in `succeeded`; the next change starts from editing.
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.submit', values: { label } });
  };
  return { run, busy, done };
}
