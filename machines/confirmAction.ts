import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export type ConfirmActionContext = {
  /** Why the last attempt failed (the API client's Error modal has shown it already). */
  error: string | undefined;
};

export type ConfirmActionEvent =
  /** The user asks for the change (Delete): nothing happens until they confirm. */
  | { type: 'user.request' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A change that cannot be undone (deleting a dataset, a plan, a filter): asked for, confirmed on the
 * page, then carried out. The app provides `act` (the call) and `succeeded` (reload, navigate away).
 */
export const confirmActionMachine = setup({
  types: { context: {} as ConfirmActionContext, events: {} as ConfirmActionEvent },
  actors: {
    act: fromPromise<unknown, void>(async () => {
      throw new Error('act not provided');
    }),
  },
  actions: {
    /** What the app does once it is done: load the page again, or leave it (app-provided). */
    succeeded: () => {},
  },
}).createMachine({
  id: 'confirmAction',
  context: { error: undefined },
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.request': 'confirming' },
    },
    // The question is on the page beside the control; nothing has been sent.
    confirming: {
      on: {
        'user.confirm': 'acting',
        'user.cancel': 'idle',
      },
    },
    acting: {
      entry: assign({ error: undefined }),
      invoke: {
        id: 'act',
        src: 'act',
        onDone: { target: 'done', actions: 'succeeded' },
        // The server said no (a 409 while the row is in use): back to where the user started, with the reason.
        onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    // Done: the controls stay disabled while the app reloads or leaves the page.
    done: { type: 'final' },
  },
});

export type ConfirmActionSnapshot = SnapshotFrom<typeof confirmActionMachine>;
