import { and, assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import {
  bureauFileEffects, maxPaymentChecks, messageOf, pollMs,
  type BureauFileContext, type BureauFileEvent, type BureauFileInput, type FileStage,
} from './bureauFileParts';
import { bureauUploadMachine } from './bureauUpload';

// The bureau file workflow of spec section 4: upload the file (./bureauUpload.ts: hash, begin or
// resume, chunks, end with the hash, create the file record), map its fields, set its properties,
// run the free test, run the results, pay through the gateway and download, or discard. Each page of
// the wizard starts the machine where it stands (`start`: a reload is a fresh start there, and the
// file's page opens where the file stands on the server); every call's failure is thrown by the
// effect (spec section 8: the client's Error modal shows it) and kept in `error` for the page.

export type { BureauFileContext, BureauFileEvent, BureauFileInput };

const fileIdOf = (c: BureauFileContext) => c.fileId ?? 0;
const forFile = ({ context }: { context: BureauFileContext }) => ({ fileId: fileIdOf(context) });

export const bureauFileMachine = setup({
  types: { context: {} as BureauFileContext, events: {} as BureauFileEvent, input: {} as BureauFileInput, children: {} as { upload: 'upload' } },
  actors: {
    upload: bureauUploadMachine,
    ...bureauFileEffects,
  },
  actions: {
    /** Sends the browser to the gateway's page (app-provided). */
    redirect: (_, _params: { url: string }) => {},
    keepError: assign({ error: ({ event }) => ('error' in event ? messageOf(event.error) : null) }),
    clearError: assign({ error: null }),
  },
  guards: {
    startAt: ({ context }, params: { start: BureauFileInput['start'] }) => context.start === params.start,
    jobDone: (_, poll: { done: boolean }) => poll.done,
    /** One of the earlier files with the same columns the server offered. */
    offered: ({ context, event }) => {
      assertEvent(event, 'user.useTemplate');
      return context.fields?.templates.some((t) => t.fileId === event.templateFileId) ?? false;
    },
    stageIs: ({ context }, params: { stage: FileStage }) => context.stage === params.stage,
    /** Back from paying, and the server has not been asked too often yet. */
    paidReturn: ({ context }) => context.paid && context.checks < maxPaymentChecks,
  },
  delays: {
    poll: pollMs,
  },
}).createMachine({
  id: 'bureauFile',
  context: ({ input }) => ({
    ...input, name: null, stage: null, fields: null, mapping: null, settings: null, draft: null, test: null, progress: 0, results: null, costs: null, receipt: null, download: null, checks: 0, error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: { type: 'startAt', params: { start: 'mapping' } }, target: 'mapping' },
        { guard: { type: 'startAt', params: { start: 'settings' } }, target: 'settings' },
        { guard: { type: 'startAt', params: { start: 'file' } }, target: 'opening' },
        { target: 'upload' },
      ],
    },
    // The upload page: the upload machine hashes, sends and ends the file and makes its record.
    upload: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ saved: context.saved }),
        onDone: { target: 'mapping', actions: assign({ fileId: ({ event }) => event.output.fileId, name: ({ event }) => event.output.name }) },
      },
    },
    mapping: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadFields',
            src: 'loadFields',
            input: forFile,
            onDone: {
              target: 'editing',
              actions: assign({
                fields: ({ event }) => event.output,
                mapping: ({ event: { output } }) => ({ hasHeader: output.hasHeader, inputFields: output.inputFields.map(({ inputOrder, mappingType, mappingOrder }) => ({ inputOrder, mappingType, mappingOrder })) }),
                error: null,
              }),
            },
            onError: { target: 'failed', actions: 'keepError' },
          },
        },
        editing: {
          on: {
            'user.map': { actions: assign({ mapping: ({ event }) => event.mapping }) },
            'user.saveMapping': 'saving',
            'user.readAs': 'rereading',
            'user.useTemplate': { guard: 'offered', target: 'saving', actions: assign({ mapping: ({ context, event }) => ({ ...context.mapping!, templateFileId: event.templateFileId }) }) },
          },
        },
        saving: {
          invoke: {
            id: 'saveFields',
            src: 'saveFields',
            input: ({ context }) => ({ fileId: fileIdOf(context), mapping: context.mapping! }),
            onDone: { target: '#bureauFile.settings', actions: 'clearError' },
            // Refused: the user's mapping is kept, without the template, to correct.
            onError: { target: 'editing', actions: ['keepError', assign({ mapping: ({ context }) => ({ hasHeader: context.mapping!.hasHeader, inputFields: context.mapping!.inputFields }) })] },
          },
        },
        // The file read again in the encoding chosen: its columns and sample rows loaded anew.
        rereading: {
          invoke: {
            id: 'readAs',
            src: 'readAs',
            input: ({ context, event }) => {
              assertEvent(event, 'user.readAs');
              return { fileId: fileIdOf(context), encoding: event.encoding };
            },
            onDone: { target: 'loading', actions: 'clearError' },
            onError: { target: 'editing', actions: 'keepError' },
          },
        },
        failed: { on: { 'user.retry': 'loading' } },
      },
    },
    settings: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadSettings',
            src: 'loadSettings',
            input: forFile,
            onDone: { target: 'editing', actions: assign({ settings: ({ event }) => event.output, draft: ({ event }) => event.output.settings, error: null }) },
            onError: { target: 'failed', actions: 'keepError' },
          },
        },
        editing: {
          on: {
            'user.set': { actions: assign({ draft: ({ event }) => event.settings }) },
            'user.saveSettings': 'saving',
          },
        },
        saving: {
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({ fileId: fileIdOf(context), settings: context.draft! }),
            onDone: { target: '#bureauFile.testing', actions: 'clearError' },
            onError: { target: 'editing', actions: 'keepError' },
          },
        },
        failed: { on: { 'user.retry': 'loading' } },
      },
    },
    // The file's page: where the file stands decides what it shows.
    opening: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: forFile,
        onDone: { target: 'routing', actions: assign(({ event: { output } }) => ({ name: output.name, stage: output.stage, error: output.failure, results: null, costs: null })) },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    routing: {
      always: [
        { guard: { type: 'stageIs', params: { stage: 'mapping' } }, target: 'mapping' },
        { guard: { type: 'stageIs', params: { stage: 'settings' } }, target: 'settings' },
        { guard: { type: 'stageIs', params: { stage: 'paid' } }, target: 'paid' },
        { guard: { type: 'stageIs', params: { stage: 'discarded' } }, target: 'discarded' },
        { guard: and(['paidReturn', { type: 'stageIs', params: { stage: 'ready' as const } }]), target: 'confirming' },
        // Results made: fetched first (the poll answers at once), so the page shows them beside their cost.
        { guard: { type: 'stageIs', params: { stage: 'ready' } }, target: 'running' },
        { guard: { type: 'stageIs', params: { stage: 'running' } }, target: 'running' },
        { target: 'testing' },
      ],
    },
    failed: { on: { 'user.retry': 'opening' } },
    // The free test on up to 300 lines of the file (spec section 9), for the current settings.
    testing: {
      invoke: {
        id: 'loadTest',
        src: 'loadTest',
        input: forFile,
        onDone: { target: 'tested', actions: assign({ test: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    tested: {
      on: { 'user.createResults': 'creatingResults', 'user.editSettings': 'settings' },
    },
    creatingResults: {
      entry: 'clearError',
      invoke: {
        id: 'createResults',
        src: 'createResults',
        input: forFile,
        onDone: { target: 'running', actions: assign({ progress: 0 }) },
        // Refused (discarded results run again with settings that need a test first): back to the test.
        onError: { target: 'testing', actions: 'keepError' },
      },
    },
    // The results job runs in the background: poll its progress until its results are in.
    running: {
      invoke: {
        id: 'pollResults',
        src: 'pollResults',
        input: forFile,
        onDone: [
          { guard: { type: 'jobDone', params: ({ event }) => event.output }, target: 'costing', actions: assign({ results: ({ event }) => (event.output.done ? event.output.results : null), progress: 100 }) },
          { target: 'resultsWaiting', actions: assign({ progress: ({ event }) => (event.output.done ? 100 : event.output.progress) }) },
        ],
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    resultsWaiting: { after: { poll: 'running' } },
    costing: {
      invoke: {
        id: 'loadCosts',
        src: 'loadCosts',
        input: forFile,
        onDone: { target: 'ready', actions: assign({ costs: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    // Results ready: their cost shown, to pay for or discard.
    ready: {
      on: { 'user.pay': 'paying', 'user.discard': 'discarding' },
    },
    paying: {
      entry: 'clearError',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context, event }) => {
          assertEvent(event, 'user.pay');
          return { fileId: fileIdOf(context), details: event.details };
        },
        onDone: { target: 'redirecting', actions: { type: 'redirect', params: ({ event }) => ({ url: event.output.url }) } },
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
    // On the way to the gateway's page; it sends the browser back to the file's page.
    redirecting: {},
    // Back from the gateway paid: the payment reaches the server by the gateway's webhook.
    confirming: { entry: assign({ checks: ({ context }) => context.checks + 1 }), after: { poll: 'opening' } },
    discarding: {
      entry: 'clearError',
      invoke: {
        id: 'discard',
        src: 'discard',
        input: forFile,
        onDone: { target: 'discarded', actions: assign({ results: null, costs: null }) },
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
    // Paid: what was paid with its invoice, then the results zip on the file server (its link is
    // built from its id and the session's token).
    paid: {
      initial: 'receipt',
      states: {
        receipt: {
          invoke: {
            id: 'loadReceipt',
            src: 'loadReceipt',
            input: forFile,
            onDone: { target: 'loading', actions: assign({ receipt: ({ event }) => event.output }) },
            onError: { target: 'loading', actions: 'keepError' },
          },
        },
        loading: {
          invoke: {
            id: 'loadDownload',
            src: 'loadDownload',
            input: forFile,
            onDone: { target: 'ready', actions: assign({ download: ({ event }) => event.output.fileServerId }) },
            onError: { target: 'ready', actions: 'keepError' },
          },
        },
        ready: {},
      },
    },
    // The results are gone; the settings may change and the results run again.
    discarded: {
      on: { 'user.createResults': 'creatingResults', 'user.editSettings': 'settings' },
    },
  },
});

export type BureauFileSnapshot = SnapshotFrom<typeof bureauFileMachine>;
