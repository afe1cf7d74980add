import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Group } from '../contract/groups/entities';
import {
  accountIdToAttach,
  emptySelection,
  findGroup,
  savedGroupId,
  savedOf,
  firstSelection,
  selectionFor,
  type SavedSelection,
  type Selection,
} from './groupTree';

export type GroupSelectionContext = {
  /** The signed-in user's groups, as trees. */
  groups: Group[];
  selection: Selection;
  staff: boolean;
  saved: SavedSelection | null;
  /** The portal's territory: the first account chosen for a user is one of it where they have one. */
  territory?: Group['territory'];
};

export type GroupSelectionEvent =
  /** The session has a validated user: load their groups. */
  | { type: 'session.signedIn'; staff: boolean; saved: SavedSelection | null; territory?: Group['territory'] }
  | { type: 'session.signedOut' }
  /** The user picked a group (account switcher, search result, wizard). */
  | { type: 'group.select'; group: Group }
  /** Groups changed on the server (created, renamed, invited): load them again. */
  | { type: 'groups.refresh' };

const remember = (selection: Selection) => ({ selection, saved: savedOf(selection) });

// Saving and reporting read the selection the preceding assign just made (v5 runs actions in order).
const persist = {
  type: 'saveSelection',
  params: ({ context }: { context: GroupSelectionContext }) => ({ saved: savedOf(context.selection) }),
} as const;
const announce = {
  type: 'selected',
  params: ({ context }: { context: GroupSelectionContext }) => ({ accountId: accountIdToAttach(context.selection) }),
} as const;

/**
 * Which partner, organisation and account the user works in (spec section 4). Kept and saved
 * locally; staff restore their saved group even when it is not one of their own; others fall back to
 * the first group in their list. Every settled selection reports the account id the session should
 * carry, which is set only for an owned account.
 */
export const groupSelectionMachine = setup({
  types: { context: {} as GroupSelectionContext, events: {} as GroupSelectionEvent },
  actors: {
    loadGroups: fromPromise<Group[], void>(async () => {
      throw new Error('loadGroups not provided');
    }),
    /** One group with its parents and children (staff opening a group that is not theirs). */
    loadGroup: fromPromise<Group | null, { id: number }>(async () => {
      throw new Error('loadGroup not provided');
    }),
  },
  actions: {
    /** Save the selection locally (app-provided). */
    saveSelection: (_, _params: { saved: SavedSelection }) => {},
    /** Tell the session which account id to attach; undefined when the account is not owned. */
    selected: (_, _params: { accountId: number | undefined }) => {},
    // Each selection also becomes the saved one, so a refresh of the groups keeps it.
    select: assign(({ context }, params: { group: Group }) => remember(selectionFor(context.groups, params.group))),
    selectFirst: assign(({ context }) => remember(firstSelection(context.groups, context.territory))),
    selectSaved: assign(({ context }) =>
      remember(selectionFor(context.groups, findGroup(context.groups, savedGroupId(context.saved)!)!)),
    ),
  },
  guards: {
    savedInList: ({ context }) => {
      const id = savedGroupId(context.saved);
      return id !== undefined && findGroup(context.groups, id) !== null;
    },
    staffWithSaved: ({ context }) => context.staff && savedGroupId(context.saved) !== undefined,
    gotGroup: (_, params: { group: Group | null }) => params.group !== null,
  },
}).createMachine({
  id: 'groupSelection',
  context: { groups: [], selection: emptySelection, staff: false, saved: null },
  initial: 'signedOut',
  on: {
    'session.signedOut': {
      target: '.signedOut',
      actions: assign({ groups: [], selection: emptySelection, staff: false, saved: null }),
    },
  },
  states: {
    signedOut: {
      on: {
        'session.signedIn': {
          target: 'loading',
          actions: assign(({ event }) => ({ staff: event.staff, saved: event.saved, territory: event.territory })),
        },
      },
    },
    loading: {
      invoke: {
        id: 'loadGroups',
        src: 'loadGroups',
        onDone: { target: 'choosing', actions: assign(({ event }) => ({ groups: event.output })) },
        onError: 'failed',
      },
    },
    // Decides the first selection after the groups arrive.
    choosing: {
      always: [
        { guard: 'savedInList', target: 'ready', actions: ['selectSaved', announce] },
        { guard: 'staffWithSaved', target: 'restoring' },
        { target: 'ready', actions: ['selectFirst', persist, announce] },
      ],
    },
    // Staff may have been working in any customer's group: fetch it by id.
    restoring: {
      invoke: {
        id: 'loadGroup',
        src: 'loadGroup',
        input: ({ context }) => ({ id: savedGroupId(context.saved)! }),
        onDone: [
          {
            guard: { type: 'gotGroup', params: ({ event }) => ({ group: event.output }) },
            target: 'ready',
            actions: [{ type: 'select', params: ({ event }) => ({ group: event.output! }) }, persist, announce],
          },
          { target: 'ready', actions: ['selectFirst', persist, announce] },
        ],
        onError: { target: 'ready', actions: ['selectFirst', persist, announce] },
      },
    },
    ready: {
      on: {
        'group.select': {
          actions: [
            {
              type: 'select',
              params: ({ event }) => {
                assertEvent(event, 'group.select');
                return { group: event.group };
              },
            },
            persist,
            announce,
          ],
        },
        'groups.refresh': 'loading',
      },
    },
    // The groups could not be loaded; the portal still works without a selection.
    failed: {
      on: { 'groups.refresh': 'loading' },
    },
  },
});

export type GroupSelectionSnapshot = SnapshotFrom<typeof groupSelectionMachine>;
