import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { maxRecent, messageOf, type CheckResultsContext } from './checkResults';

// The email validation page (/applications/emailvalidation): check an address (POST /verify, one
// click), or show one of this visit's results again (GET /verify/{id}, free). One call at a time;
// a refusal (402 no clicks, 403, a 400 for bad input) is said on the page and the last result stays.

/** The parts of a result the machine itself reads; the page shows the rest. */
export type CheckedEmail = { id: string; email: string };

export type EmailCheckContext<R extends CheckedEmail = CheckedEmail> = CheckResultsContext<R>;

export type EmailCheckEvent = { type: 'user.check'; email: string } | { type: 'user.reread'; id: string };


/** The app provides `verify` (POST /verify, then the clicks left) and `reread` (GET /verify/{id}). */
export const emailCheckMachine = setup({
  types: {
    context: {} as EmailCheckContext,
    events: {} as EmailCheckEvent,
  },
  actors: {
    verify: fromPromise<CheckedEmail, { email: string }>(async () => {
      throw new Error('verify not provided');
    }),
    reread: fromPromise<CheckedEmail, { id: string }>(async () => {
      throw new Error('reread not provided');
    }),
  },
}).createMachine({
  id: 'emailCheck',
  context: { shown: null, recent: [], refusal: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'user.check': 'checking',
        'user.reread': 'rereading',
      },
    },
    // One click is spent here: the button is disabled until the answer.
    checking: {
      entry: assign({ refusal: null }),
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ event }) => {
          assertEvent(event, 'user.check');
          return { email: event.email };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            shown: event.output,
            recent: [event.output, ...context.recent.filter((r) => r.id !== event.output.id)].slice(0, maxRecent),
          })),
        },
        onError: { target: 'ready', actions: assign(({ event }) => ({ refusal: messageOf(event.error) })) },
      },
    },
    // Free: a stored result read again.
    rereading: {
      entry: assign({ refusal: null }),
      invoke: {
        id: 'reread',
        src: 'reread',
        input: ({ event }) => {
          assertEvent(event, 'user.reread');
          return { id: event.id };
        },
        onDone: { target: 'ready', actions: assign(({ event }) => ({ shown: event.output })) },
        onError: { target: 'ready', actions: assign(({ event }) => ({ refusal: messageOf(event.error) })) },
      },
    },
  },
});
