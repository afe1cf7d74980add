import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { Group } from '../contract/groups/entities';

/** The switcher slides through at most three levels: partner, organisation, account. */
export const switcherLevels = 3;
/** Spec section 9: 25 px per nesting row. */
export const switcherRowPx = 25;

export type AccountSwitcherContext = {
  /** The groups opened so far, outermost first; empty at the top level. */
  path: Group[];
};

export type AccountSwitcherEvent =
  | { type: 'switcher.open' }
  | { type: 'switcher.close' }
  /** A row was picked: descend into it, or choose it. */
  | { type: 'switcher.pick'; group: Group }
  | { type: 'switcher.back' };

const opensList = (group: Group, depth: number) => (group.children?.length ?? 0) > 1 && depth < switcherLevels - 1;

/**
 * The Change Account sliding list (spec section 4): a group with more than one child opens it,
 * Back goes up, and a group with a single child or none is chosen (with its first descendants,
 * which group selection works out).
 */
export const accountSwitcherMachine = setup({
  types: { context: {} as AccountSwitcherContext, events: {} as AccountSwitcherEvent },
  actions: {
    /** Hand the chosen group to group selection (app-provided). */
    choose: (_, _params: { group: Group }) => {},
    descend: assign(({ context, event }) => {
      assertEvent(event, 'switcher.pick');
      return { path: [...context.path, event.group] };
    }),
    ascend: assign(({ context }) => ({ path: context.path.slice(0, -1) })),
    reset: assign({ path: [] }),
  },
  guards: {
    opensList: ({ context, event }) => {
      assertEvent(event, 'switcher.pick');
      return opensList(event.group, context.path.length);
    },
    canGoBack: ({ context }) => context.path.length > 0,
  },
}).createMachine({
  id: 'accountSwitcher',
  context: { path: [] },
  initial: 'closed',
  states: {
    closed: {
      on: { 'switcher.open': { target: 'open', actions: 'reset' } },
    },
    open: {
      on: {
        'switcher.pick': [
          { guard: 'opensList', actions: 'descend' },
          {
            target: 'closed',
            actions: {
              type: 'choose',
              params: ({ event }) => {
                assertEvent(event, 'switcher.pick');
                return { group: event.group };
              },
            },
          },
        ],
        'switcher.back': { guard: 'canGoBack', actions: 'ascend' },
        'switcher.close': 'closed',
      },
    },
  },
});

export type AccountSwitcherSnapshot = SnapshotFrom<typeof accountSwitcherMachine>;
