import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export type PasswordResetInput = {
  /** The user name from the reset email's link, when the user followed it. */
  userId?: string;
};

export type PasswordResetContext = { userId: string };

export type PasswordResetEvent =
  | { type: 'user.requestCode'; userId: string }
  | { type: 'user.submit'; code: string; password: string }
  | { type: 'user.resend' }
  | { type: 'user.startOver' };

/** Request a code for a user id, then set a new password with the code (spec section 4). */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    requestCode: fromPromise<unknown, { userId: string }>(async () => {
      throw new Error('requestCode not provided');
    }),
    resetPassword: fromPromise<unknown, { userId: string; activationCode: string; password: string }>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  guards: {
    knowsUser: ({ context }) => context.userId !== '',
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ userId: input.userId ?? '' }),
  initial: 'starting',
  states: {
    // A user arriving from the email link already has a code: skip asking who they are.
    starting: {
      always: [{ guard: 'knowsUser', target: 'awaitingCode' }, { target: 'requesting' }],
    },
    requesting: {
      on: {
        'user.requestCode': {
          target: 'sendingCode',
          actions: assign(({ event }) => ({ userId: event.userId })),
        },
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'requestCode',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: 'awaitingCode',
        onError: 'requesting',
      },
    },
    awaitingCode: {
      on: {
        'user.submit': 'resetting',
        'user.resend': 'resendingCode',
        'user.startOver': { target: 'requesting', actions: assign({ userId: '' }) },
      },
    },
    // Another code for the same user: whatever happens, they stay on the code form.
    resendingCode: {
      invoke: {
        id: 'resendCode',
        src: 'requestCode',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: 'awaitingCode',
        onError: 'awaitingCode',
      },
    },
    resetting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'user.submit');
          return { userId: context.userId, activationCode: event.code, password: event.password };
        },
        onDone: 'done',
        onError: 'awaitingCode',
      },
    },
    // The password is changed; the view offers the way back to log in.
    done: { type: 'final' },
  },
});

export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;
