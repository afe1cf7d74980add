import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Group } from '../../contract/groups/entities';
import { findGroup } from '../../machines/groupTree';
import { createSubmissionMachine } from '../../machines/submission';
import { usePortal } from '../app/PortalContext';
import { administrationPageOf } from '../routing/menus';

/**
 * Opens a group by id (a search result, a group just created): selects it as the current group and
 * goes to the administration page of its level: an organisation opens its own page (its charity and
 * corporate status), not that of the first account the selection brings along. A group outside the
 * user's own trees is loaded first with its children and parent, so that selecting an organisation
 * also selects its first account and an account its organisation (as the group selection does when
 * staff restore a customer's group).
 */
const openGroup = createSubmissionMachine<{ id: number }, Group | null>();

export function useOpenGroup() {
  const { groups, groupsApi } = usePortal();
  const navigate = useNavigate();
  const actor = useActorRef(
    openGroup.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          return findGroup(groups.getSnapshot().context.groups, input.id) ?? (await groupsApi.group(input.id));
        }),
      },
      actions: {
        succeeded: (_, { result }) => {
          if (!result) return;
          groups.send({ type: 'group.select', group: result });
          void navigate({ to: administrationPageOf(result.type) });
        },
      },
    }),
  );
  /** The id being opened, while it loads. */
  const opening = useSelector(actor, (s) => (s.matches('submitting') ? (s.context.values?.id ?? null) : null));
  const open = (id: number) => {
    actor.send({ type: 'user.edit' });
    actor.send({ type: 'user.submit', values: { id } });
  };
  return { open, opening };
}
