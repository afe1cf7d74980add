import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

// Export API Token (spec section 7 "Export an API token"; section 5: a password re-entry dialog comes
// first; section 9: the token lasts a year and is shown in an 11-row text area with a Copy button).

export type TokenExportInput = {
  /** The token chosen before the dialog opened (a row's Export), if any. */
  tokenId?: number;
};

export type TokenExportContext = {
  tokenId: number | null;
  /** The exported token string, once the server has made it; shown once. */
  token: string | null;
  /** Why the last export or copy failed, said on the dialog (a wrong password says so). */
  error: string | undefined;
};

export type TokenExportEvent =
  | { type: 'user.choose'; tokenId: number }
  | { type: 'user.submit'; password: string }
  | { type: 'user.back' }
  | { type: 'user.retry' }
  | { type: 'user.copy' }
  | { type: 'user.close' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The owner chooses a token, types their password again, and gets the token to copy. The password
 * goes from the submit event straight to the call and is never kept. The app provides `exportToken`
 * (GET /tokens/export with basic credentials), `copyText` (the clipboard) and `closed` (leave the
 * dialog).
 */
export const tokenExportMachine = setup({
  types: {
    context: {} as TokenExportContext,
    events: {} as TokenExportEvent,
    input: {} as TokenExportInput,
  },
  actors: {
    exportToken: fromPromise<{ token: string }, { tokenId: number; password: string }>(async () => {
      throw new Error('exportToken not provided');
    }),
    copyText: fromPromise<unknown, { text: string }>(async () => {
      throw new Error('copyText not provided');
    }),
  },
  actions: {
    /** The dialog is closed: the app removes it from the address (app-provided). */
    closed: () => {},
  },
  guards: {
    tokenChosen: ({ context }) => context.tokenId !== null,
    passwordTyped: ({ event }) => {
      assertEvent(event, 'user.submit');
      return event.password !== '';
    },
  },
}).createMachine({
  id: 'tokenExport',
  context: ({ input }) => ({ tokenId: input.tokenId ?? null, token: null, error: undefined }),
  initial: 'starting',
  on: {
    'user.close': '.closed',
  },
  states: {
    // Opened from a row, the token is known: straight to the password.
    starting: {
      always: [{ guard: 'tokenChosen', target: 'confirming' }, { target: 'choosing' }],
    },
    choosing: {
      on: {
        'user.choose': { target: 'confirming', actions: assign(({ event }) => ({ tokenId: event.tokenId, error: undefined })) },
      },
    },
    // Spec section 5: the password is asked for again before a token is exported.
    confirming: {
      on: {
        'user.submit': { guard: 'passwordTyped', target: 'exporting' },
        'user.back': 'choosing',
      },
    },
    exporting: {
      entry: assign({ error: undefined }),
      invoke: {
        id: 'exportToken',
        src: 'exportToken',
        input: ({ context, event }) => {
          assertEvent(event, 'user.submit');
          return { tokenId: context.tokenId!, password: event.password };
        },
        onDone: { target: 'shown', actions: assign(({ event }) => ({ token: event.output.token })) },
        onError: { target: 'refused', actions: assign(({ event }) => ({ error: messageOf(event.error) })) },
      },
    },
    // Nothing was exported (wrong password, a locked or expired token): the dialog says why.
    refused: {
      on: {
        'user.retry': 'confirming',
        'user.back': 'choosing',
      },
    },
    shown: {
      on: { 'user.copy': 'copying' },
    },
    copying: {
      entry: assign({ error: undefined }),
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ context }) => ({ text: context.token! }),
        onDone: 'copied',
        // No clipboard (permission refused): the text area still holds it to select by hand.
        onError: { target: 'shown', actions: assign({ error: 'The token could not be copied: select the text and copy it' }) },
      },
    },
    // "Text copied to clipboard" (spec section 9); copying again is allowed.
    copied: {
      on: { 'user.copy': 'copying' },
    },
    closed: { type: 'final', entry: ['closed', assign({ token: null })] },
  },
});

export type TokenExportSnapshot = SnapshotFrom<typeof tokenExportMachine>;
