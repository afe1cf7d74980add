import { and, assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  maxPaymentChecks, messageOf, pollMs,
  type Costs, type FieldsData, type FileResults, type FileSettings, type FileStage, type FileStatus, type InputField, type JobPoll,
  type PayDetails, type SavedUpload, type SettingsData, type TestResults,
} from './bureauFileParts';
import { bureauUploadMachine } from './bureauUpload';

// The bureau file workflow of spec section 4: upload the file (./bureauUpload.ts: hash, begin or
// resume, chunks, end with the hash, create the file record), map its fields, set its properties,
// run the free test, run the results, pay through the gateway and download, or discard. Each page of
// the wizard starts the machine where the file stands (`start`: a reload is a fresh start there);
// every call's failure is thrown by the effect (spec section 8: the client's Error modal shows it)
// and kept in `error` for the page.

export type BureauFileInput = {
  start: 'upload' | 'mapping' | 'settings' | 'file';
  /** The bureau file (POST /files); null on the upload page. */
  fileId: number | null;
  /** The upload this account left unfinished (local storage), resumed when the same file is picked. */
  saved: SavedUpload | null;
  /** Back from the gateway's page with a payment made: wait until the server has it. */
  paid: boolean;
};

export type BureauFileContext = BureauFileInput & {
  /** The file's name (its breadcrumb), and where it stands on the server when its page opened. */
  name: string | null;
  stage: FileStage | null;
  fields: FieldsData | null;
  settings: SettingsData | null;
  test: TestResults | null;
  /** How far the results job has got, 0-100. */
  progress: number;
  results: FileResults | null;
  costs: Costs | null;
  /** Times the server was asked whether a payment made on the gateway has reached it. */
  checks: number;
  error: string | null;
};

export type BureauFileEvent =
  | { type: 'user.retry' }
  | { type: 'user.map'; fields: InputField[] }
  | { type: 'user.useTemplate' }
  | { type: 'user.saveMapping' }
  | { type: 'user.set'; settings: FileSettings }
  | { type: 'user.saveSettings' }
  | { type: 'user.editSettings' }
  | { type: 'user.createResults' }
  | { type: 'user.pay'; details: PayDetails }
  | { type: 'user.discard' };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};
const fileIdOf = (c: BureauFileContext) => c.fileId ?? 0;
type ForFile = { fileId: number };

export const bureauFileMachine = setup({
  types: { context: {} as BureauFileContext, events: {} as BureauFileEvent, input: {} as BureauFileInput },
  actors: {
    upload: bureauUploadMachine,
    loadStatus: fromPromise<FileStatus, ForFile>(notProvided('loadStatus')),
    loadFields: fromPromise<FieldsData, ForFile>(notProvided('loadFields')),
    saveFields: fromPromise<void, ForFile & { fields: InputField[] }>(notProvided('saveFields')),
    loadSettings: fromPromise<SettingsData, ForFile>(notProvided('loadSettings')),
    saveSettings: fromPromise<void, ForFile & { settings: FileSettings }>(notProvided('saveSettings')),
    pollTest: fromPromise<JobPoll<TestResults>, ForFile>(notProvided('pollTest')),
    createResults: fromPromise<void, ForFile>(notProvided('createResults')),
    pollResults: fromPromise<JobPoll<FileResults>, ForFile>(notProvided('pollResults')),
    loadCosts: fromPromise<Costs, ForFile>(notProvided('loadCosts')),
    pay: fromPromise<{ url: string }, ForFile & { details: PayDetails }>(notProvided('pay')),
    discard: fromPromise<void, ForFile>(notProvided('discard')),
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
    hasTemplate: ({ context }) => context.fields?.template != null,
    stageIs: ({ context }, params: { stage: FileStage }) => context.stage === params.stage,
    /** Back from paying, and the server has not been asked too often yet. */
    paidReturn: ({ context }) => context.paid && context.checks < maxPaymentChecks,
  },
  delays: {
    poll: pollMs,
  },
}).createMachine({
  id: 'bureauFile',
  context: ({ input }) => ({ ...input, name: null, stage: null, fields: null, settings: null, test: null, progress: 0, results: null, costs: null, checks: 0, error: null }),
  initial: 'starting',
  states: {
    // Each page starts the workflow where it stands: a reload is a fresh start at that page.
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
            input: ({ context }) => ({ fileId: fileIdOf(context) }),
            onDone: { target: 'editing', actions: [assign({ fields: ({ event }) => event.output }), 'clearError'] },
            onError: { target: 'failed', actions: 'keepError' },
          },
        },
        editing: {
          on: {
            'user.map': { actions: assign({ fields: ({ context, event }) => ({ ...context.fields!, fields: event.fields }) }) },
            'user.useTemplate': { guard: 'hasTemplate', actions: assign({ fields: ({ context: { fields } }) => ({ ...fields!, fields: fields!.template! }) }) },
            'user.saveMapping': 'saving',
          },
        },
        saving: {
          invoke: {
            id: 'saveFields',
            src: 'saveFields',
            input: ({ context }) => ({ fileId: fileIdOf(context), fields: context.fields!.fields }),
            onDone: { target: '#bureauFile.settings', actions: 'clearError' },
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
            input: ({ context }) => ({ fileId: fileIdOf(context) }),
            onDone: { target: 'editing', actions: [assign({ settings: ({ event }) => event.output }), 'clearError'] },
            onError: { target: 'failed', actions: 'keepError' },
          },
        },
        editing: {
          on: {
            'user.set': { actions: assign({ settings: ({ context, event }) => ({ ...context.settings!, settings: event.settings }) }) },
            'user.saveSettings': 'saving',
          },
        },
        saving: {
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({ fileId: fileIdOf(context), settings: context.settings!.settings }),
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
        input: ({ context }) => ({ fileId: fileIdOf(context) }),
        onDone: { target: 'routing', actions: assign({ name: ({ event }) => event.output.name, stage: ({ event }) => event.output.stage }) },
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
        { guard: { type: 'stageIs', params: { stage: 'ready' } }, target: 'costing' },
        { guard: { type: 'stageIs', params: { stage: 'running' } }, target: 'running' },
        { target: 'testing' },
      ],
    },
    failed: { on: { 'user.retry': 'opening' } },
    // The free test on a sample of the file runs as a job: poll until its results are in.
    testing: {
      invoke: {
        id: 'pollTest',
        src: 'pollTest',
        input: ({ context }) => ({ fileId: fileIdOf(context) }),
        onDone: [
          { guard: { type: 'jobDone', params: ({ event }) => event.output }, target: 'tested', actions: assign({ test: ({ event }) => (event.output.done ? event.output.results : null), error: null }) },
          { target: 'testWaiting' },
        ],
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    testWaiting: { after: { poll: 'testing' } },
    tested: {
      on: { 'user.createResults': 'creatingResults', 'user.editSettings': 'settings' },
    },
    creatingResults: {
      invoke: {
        id: 'createResults',
        src: 'createResults',
        input: ({ context }) => ({ fileId: fileIdOf(context) }),
        onDone: { target: 'running', actions: 'clearError' },
        onError: { target: 'tested', actions: 'keepError' },
      },
    },
    running: {
      invoke: {
        id: 'pollResults',
        src: 'pollResults',
        input: ({ context }) => ({ fileId: fileIdOf(context) }),
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
        input: ({ context }) => ({ fileId: fileIdOf(context) }),
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
        input: ({ context }) => ({ fileId: fileIdOf(context) }),
        onDone: 'discarded',
        onError: { target: 'ready', actions: 'keepError' },
      },
    },
    paid: {},
    discarded: {},
  },
});

export type BureauFileSnapshot = SnapshotFrom<typeof bureauFileMachine>;
