/**
 * Model of the bureau file workflow (spec section 4): the upload (its own model:
 * bureauUpload.model.ts), the mapping of the fields (or an earlier file's mapping with the same
 * columns), the properties, the free test, the results job polled for progress, the costs, the payment
 * through the gateway and back, the download, or the discard. Each page starts where it stands, and
 * the file's page where the file stands on the server.
 */
import assert from 'node:assert/strict';
import { maxPaymentChecks, pollMs, type FileStatus } from '../../../machines/bureauFileParts';
import { bureauFileMachine, type BureauFileEvent, type BureauFileInput } from '../../../machines/bureauFile';
import { defineModel, type EventSamples } from '../harness/model';
import { costs, fields, fileResults, settings, settingsData, testResults } from './bureauFixtures';

export const fileId = 41;
export const name = 'customers.csv';
export const details = { name: 'Olivia Owner', email: 'olivia@example.com', companyName: 'Acme Trading', companyAddress: '1 High Street, Leeds, LS1 1AA', country: 'United Kingdom' };
export const gatewayPage = { url: 'http://localhost/gateway/pay/cs_9' };
export const resultsZip = { fileServerId: 'fedcba9876543210fedcba9876543210' };
export const receipt = { results: fileResults, costs, invoiceNumber: 'UK-000042', invoiceUrl: 'http://localhost/api/plans/payment/invoice/view?invoiceId=42', paidAt: 1_795_000_000, expiresAt: 1_797_592_000 };
export const jobFailure = 'The results job stopped: the reference file is being updated';
const mapped = { hasHeader: true, inputFields: fields.inputFields.map(({ inputOrder, mappingType }) => ({ inputOrder, mappingType, mappingOrder: 1 })) };
const changed = { ...settings, dedupeSettingId: 1, separateFile: true };

const events = {
  'user.retry': [{ type: 'user.retry' }],
  'user.map': [{ type: 'user.map', mapping: mapped }],
  'user.saveMapping': [{ type: 'user.saveMapping' }],
  'user.readAs': [{ type: 'user.readAs', encoding: 'utf-8' }],
  'user.useTemplate': [{ type: 'user.useTemplate', templateFileId: 12 }, { type: 'user.useTemplate', templateFileId: 99 }],
  'user.set': [{ type: 'user.set', settings: changed }],
  'user.saveSettings': [{ type: 'user.saveSettings' }],
  'user.editSettings': [{ type: 'user.editSettings' }],
  'user.createResults': [{ type: 'user.createResults' }],
  'user.pay': [{ type: 'user.pay', details }],
  'user.discard': [{ type: 'user.discard' }],
} satisfies EventSamples<BureauFileEvent>;

const at = (start: BureauFileInput['start'], paid = false): BureauFileInput => ({ start, fileId: start === 'upload' ? null : fileId, saved: null, paid });
const status = (stage: FileStatus['stage'], failure: string | null = null): FileStatus => ({ stage, name, failure });
const forFile = { fileId };
const invokedOnce = (step: { invoked: { src: string; input: unknown }[] }, src: string, input: unknown = forFile) =>
  assert.deepEqual(step.invoked.map(({ src: s, input: i }) => ({ src: s, input: i })), [{ src, input }], `calls ${src}`);

export const bureauFileModel = defineModel({
  machine: bureauFileMachine,
  inputs: {
    upload: at('upload'),
    mapping: at('mapping'),
    settings: at('settings'),
    file: at('file'),
    /** Back on the file's page from the gateway, paid. */
    paidReturn: at('file', true),
  },
  events,
  actors: {
    upload: { done: [{ fileId, name }] },
    loadStatus: {
      done: [status('mapping'), status('settings'), status('testing'), status('testing', jobFailure), status('running'), status('ready'), status('paid'), status('discarded')],
      error: new Error('Failed to load file: File not found'),
    },
    loadFields: { done: [fields], error: new Error('Failed to load input fields') },
    saveFields: { done: [undefined], error: new Error('Failed to save input fields: Map at least one column') },
    readAs: { done: [undefined], error: new Error('Failed to read the file again: Choose one of the encodings listed') },
    loadSettings: { done: [settingsData], error: new Error('Failed to load settings') },
    saveSettings: { done: [undefined], error: new Error('Failed to save settings: Choose a reference file') },
    loadTest: { done: [testResults], error: new Error('Failed to load test results') },
    createResults: { done: [undefined], error: new Error('Failed to create results') },
    pollResults: { done: [{ done: false, progress: 40 }, { done: true, results: fileResults }], error: new Error(jobFailure) },
    loadCosts: { done: [costs], error: new Error('Failed to load costs') },
    pay: { done: [gatewayPage], error: new Error('Failed to pay: The company address is required') },
    discard: { done: [undefined], error: new Error('Failed to discard results') },
    loadReceipt: { done: [receipt], error: new Error('Failed to load what was paid') },
    loadDownload: { done: [resultsZip], error: new Error('Failed to load results file') },
  },
  delays: { poll: pollMs },
  traversal: {
    simplePaths: false,
    // Each scenario walks its own page (a page is a fresh start where it stands): the upload page up to
    // the mapping, the mapping up to the properties, and so on; the file's page from opening onwards.
    filterEvents: (s) => {
      const page = s.matches('upload') ? 'upload' : s.matches('mapping') ? 'mapping' : s.matches('settings') ? 'settings' : 'file';
      if (page !== s.context.start) return false;
      if (s.context.paid) return s.matches('opening') || s.matches('confirming') || s.matches('paid');
      return true;
    },
    serializeState: (s) => JSON.stringify([s.value, s.context.stage, s.context.error !== null, s.context.mapping?.templateFileId ?? null, s.context.draft === changed, s.context.progress, s.context.receipt !== null, s.context.download]),
  },
  expect: {
    states: {
      starting: () => assert.fail('starting is left at once'),
      routing: () => assert.fail('routing is left at once'),
      upload: (s, step) => {
        assert.equal(step.scenario, 'upload');
        assert.deepEqual(step.invoked.map((i) => i.src), ['upload'], 'the upload machine runs the upload page');
        assert.equal(s.context.fileId, null);
      },
      mapping: (s) => assert.equal(s.context.fileId, fileId),
      'mapping.loading': (_s, step) => invokedOnce(step, 'loadFields'),
      'mapping.editing': (s, step) => {
        assert.equal(s.context.fields, fields);
        if (step.previous?.matches({ mapping: 'loading' })) {
          assert.deepEqual(s.context.mapping?.inputFields.map((f) => f.mappingType), ['name', 'address', 'town', 'postcode'], 'auto-mapped by the server');
        }
        if (step.event.type === 'user.map') assert.deepEqual(s.context.mapping, mapped);
        if (step.previous?.matches({ mapping: 'saving' })) assert.ok(s.context.error, 'the refusal shows on the page');
        if (step.previous?.matches({ mapping: 'rereading' })) assert.equal(s.context.error, 'Failed to read the file again: Choose one of the encodings listed');
      },
      'mapping.rereading': (_s, step) => invokedOnce(step, 'readAs', { fileId, encoding: 'utf-8' }),
      'mapping.saving': (s, step) => {
        invokedOnce(step, 'saveFields', { fileId, mapping: s.context.mapping });
        if (step.event.type === 'user.useTemplate') assert.equal(s.context.mapping?.templateFileId, 12, 'only a template the server offered');
      },
      'mapping.failed': (s) => assert.equal(s.context.error, 'Failed to load input fields'),
      'settings.loading': (_s, step) => invokedOnce(step, 'loadSettings'),
      'settings.editing': (s, step) => {
        assert.equal(s.context.settings, settingsData);
        if (step.event.type === 'user.set') assert.equal(s.context.draft, changed);
        if (step.previous?.matches({ settings: 'loading' })) assert.equal(s.context.draft, settings, 'starts from what the file has');
      },
      'settings.saving': (s, step) => invokedOnce(step, 'saveSettings', { fileId, settings: s.context.draft }),
      'settings.failed': (s) => assert.equal(s.context.error, 'Failed to load settings'),
      opening: (_s, step) => invokedOnce(step, 'loadStatus'),
      failed: (s) => assert.ok(s.context.error, 'the page says why'),
      testing: (_s, step) => invokedOnce(step, 'loadTest'),
      tested: (s, step) => {
        assert.equal(s.context.test, testResults);
        const opened = step.history.findLast((h) => h.event.type === 'xstate.done.actor.loadStatus');
        const failure = opened && 'output' in opened.event ? (opened.event.output as FileStatus).failure : null;
        if (failure && step.previous?.matches('testing')) assert.equal(s.context.error, failure, 'why the last results job failed');
      },
      creatingResults: (s, step) => {
        invokedOnce(step, 'createResults');
        assert.equal(s.context.error, null);
      },
      running: (_s, step) => invokedOnce(step, 'pollResults'),
      resultsWaiting: (s) => assert.equal(s.context.progress, 40, 'the job’s progress shows'),
      costing: (s, step) => {
        invokedOnce(step, 'loadCosts');
        if (step.previous?.matches('running')) assert.equal(s.context.results, fileResults);
      },
      ready: (s) => {
        assert.equal(s.context.costs, costs, 'the cost is shown before paying');
        assert.equal(s.context.results, fileResults, 'beside the results they price, however the page was opened');
      },
      paying: (_s, step) => invokedOnce(step, 'pay', { fileId, details }),
      redirecting: (_s, step) => assert.deepEqual(step.actions, [{ type: 'redirect', params: gatewayPage }], 'to the gateway’s page'),
      confirming: (s) => {
        assert.equal(s.context.paid, true);
        assert.ok(s.context.checks >= 1 && s.context.checks <= maxPaymentChecks, 'asks a bounded number of times');
      },
      discarding: (_s, step) => invokedOnce(step, 'discard'),
      'paid.receipt': (_s, step) => invokedOnce(step, 'loadReceipt'),
      'paid.loading': (s, step) => {
        invokedOnce(step, 'loadDownload');
        if (step.event.type === 'xstate.done.actor.loadReceipt') assert.equal(s.context.receipt, receipt, 'what was paid, with its invoice');
        if (step.event.type === 'xstate.error.actor.loadReceipt') assert.equal(s.context.error, 'Failed to load what was paid', 'the page says why, and the download still loads');
      },
      'paid.ready': (s, step) => {
        if (step.event.type === 'xstate.done.actor.loadDownload') assert.equal(s.context.download, resultsZip.fileServerId);
      },
      discarded: (s) => assert.equal(s.context.results, null),
    },
  },
  examples: [
    // Back from the gateway before the webhook: asked again after a poll, then paid.
    {
      scenario: 'paidReturn',
      events: [
        { type: 'xstate.done.actor.loadStatus', output: status('ready'), actorId: 'loadStatus' },
        { type: 'xstate.after.poll.bureauFile.confirming' },
        { type: 'xstate.done.actor.loadStatus', output: status('paid'), actorId: 'loadStatus' },
        { type: 'xstate.done.actor.loadReceipt', output: receipt, actorId: 'loadReceipt' },
        { type: 'xstate.done.actor.loadDownload', output: resultsZip, actorId: 'loadDownload' },
      ],
    },
  ],
});
