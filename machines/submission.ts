import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export type SubmissionContext = { values: Record<string, unknown> };

export type SubmissionEvent =
  | { type: 'user.submit'; values: Record<string, unknown> }
  /** After a success, the form is used again (another edit). */
  | { type: 'user.edit' };

/**
 * One form sent to the server: registration, the user's details, a new password. The view keeps the
 * field values being typed; whether a send is under way, and what follows a success, lives here.
 */
export const submissionMachine = setup({
  types: { context: {} as SubmissionContext, events: {} as SubmissionEvent },
  actors: {
    submit: fromPromise<unknown, Record<string, unknown>>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    /** What the app does with the result: navigate, log in, tell the session (app-provided). */
    succeeded: (_, _params: { result: unknown; values: Record<string, unknown> }) => {},
  },
}).createMachine({
  id: 'submission',
  context: { values: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.submit': { target: 'submitting', actions: assign(({ event }) => ({ values: event.values })) },
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => context.values,
        onDone: {
          target: 'succeeded',
          actions: {
            type: 'succeeded',
            params: ({ context, event }) => ({ result: event.output, values: context.values }),
          },
        },
        // The Error modal has told the user why; their input is still in the form.
        onError: 'editing',
      },
    },
    succeeded: {
      on: { 'user.edit': 'editing' },
    },
  },
});

export type SubmissionSnapshot = SnapshotFrom<typeof submissionMachine>;
