import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export type AccountValidationContext = {
  /** Shown after a resend so the user knows to look for a new email. */
  resent: boolean;
};

export type AccountValidationEvent =
  | { type: 'user.submit'; code: string }
  | { type: 'user.resend' };

/**
 * An unvalidated user enters the code emailed at sign-up; the code can be sent again (spec section 4).
 * On success the app re-authenticates so the new token says the user is validated.
 */
export const accountValidationMachine = setup({
  types: { context: {} as AccountValidationContext, events: {} as AccountValidationEvent },
  actors: {
    submitCode: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('submitCode not provided');
    }),
    resendCode: fromPromise<unknown, void>(async () => {
      throw new Error('resendCode not provided');
    }),
  },
  actions: {
    /** Tell the session to fetch a validated token (app-provided). */
    notifyValidated: () => {},
  },
}).createMachine({
  id: 'accountValidation',
  context: { resent: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.submit': 'submitting',
        'user.resend': 'resending',
      },
    },
    submitting: {
      invoke: {
        id: 'submitCode',
        src: 'submitCode',
        input: ({ event }) => {
          assertEvent(event, 'user.submit');
          return { code: event.code };
        },
        onDone: { target: 'validated', actions: 'notifyValidated' },
        // The Error modal carries the server's reason; the user may try again.
        onError: 'editing',
      },
    },
    resending: {
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        onDone: { target: 'editing', actions: assign({ resent: true }) },
        onError: 'editing',
      },
    },
    validated: { type: 'final' },
  },
});

export type AccountValidationSnapshot = SnapshotFrom<typeof accountValidationMachine>;
