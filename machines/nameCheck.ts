import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { maxRecent, messageOf, type CheckResultsContext } from './checkResults';

// The name validation page (/applications/namevalidation): check a name (POST /validate, one
// click), or show one of this visit's results again (kept on the page, free). One call at a time; a
// refusal (402 no clicks, 403, a 400 for bad input) is said on the page and the last result stays.

/** The part of a result the machine itself reads; the page shows the rest. */
export type CheckedName = { name: string };

export type NameCheckContext<R extends CheckedName = CheckedName> = CheckResultsContext<R>;

export type NameCheckEvent = { type: 'user.check'; name: string } | { type: 'user.show'; name: string };


/** The app provides `validate` (POST /validate, then the clicks left). */
export const nameCheckMachine = setup({
  types: {
    context: {} as NameCheckContext,
    events: {} as NameCheckEvent,
  },
  actors: {
    validate: fromPromise<CheckedName, { name: string }>(async () => {
      throw new Error('validate not provided');
    }),
  },
}).createMachine({
  id: 'nameCheck',
  context: { shown: null, recent: [], refusal: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'user.check': 'checking',
        // Free: a result of this visit shown again from the page's own list.
        'user.show': {
          actions: assign(({ context, event }) => ({
            shown: context.recent.find((r) => r.name === event.name) ?? context.shown,
            refusal: null,
          })),
        },
      },
    },
    // One click is spent here: the button is disabled until the answer.
    checking: {
      entry: assign({ refusal: null }),
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ event }) => {
          assertEvent(event, 'user.check');
          return { name: event.name };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            shown: event.output,
            recent: [event.output, ...context.recent.filter((r) => r.name !== event.output.name)].slice(0, maxRecent),
          })),
        },
        onError: { target: 'ready', actions: assign(({ event }) => ({ refusal: messageOf(event.error) })) },
      },
    },
  },
});
