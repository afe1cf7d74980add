/**
 * Model of the upload of a bureau file (spec section 4: begin upload, send chunks, end upload with
 * hash, create file record; section 9: 10,000,000-byte chunks): hashing slice by slice, beginning or
 * resuming (the same file left unfinished before a reload), chunks in order, a network drop retried
 * with backoff from where the server stands (at most maxRetries in a row), pause and resume, a wrong
 * hash refused at the end, and the file record.
 */
import assert from 'node:assert/strict';
import { emptyFileMessage } from '../../../contract/shared/bureau';
import { chunkBytes, maxRetries, retryDelayMs, type ChosenFile, type SavedUpload } from '../../../machines/bureauFileParts';
import { bureauUploadMachine, type BureauUploadEvent } from '../../../machines/bureauUpload';
import { defineModel, type EventSamples } from '../harness/model';

/** A file of two chunks and a bit: three slices to hash, three chunks to send. */
export const fileSize = 2 * chunkBytes + 1234;
export const file: ChosenFile = { name: 'customers.csv', size: fileSize, lastModified: 1_760_000_000_000, data: new Blob(['name,postcode\n']) };
/** A file of no bytes (Excel's "save" of nothing, a failed export). */
export const emptyFile: ChosenFile = { name: 'empty.csv', size: 0, lastModified: 1_760_000_000_000, data: new Blob([]) };
export const hash = 'a'.repeat(64);
export const uploadId = '0123456789abcdef0123456789abcdef';
export const created = { fileId: 41, name: 'customers.csv' };
/** What the browser kept of the same file before a reload. */
export const saved: SavedUpload = { fileId: uploadId, name: file.name, size: file.size, lastModified: file.lastModified, hash };
/** A failure with no response: the client's ApiFailure with status null. */
export const networkDrop = Object.assign(new Error('Failed to upload file: Failed to fetch'), { status: null });
export const wrongHash = Object.assign(new Error("Failed to end upload: The file's hash does not match the bytes received"), { status: 400 });
/** The end found chunk 1 damaged in storage and dropped it: the upload goes on from chunk 1. */
export const chunkDamaged = Object.assign(new Error('Failed to end upload: Chunk 1 was damaged in storage: send the file again from chunk 1, then end the upload'), { status: 409 });
export const readerError = new Error('File reader target is null');
export const refused = Object.assign(new Error('Failed to create file: The upload is not complete'), { status: 400 });

const events = {
  'user.choose': [{ type: 'user.choose', file }, { type: 'user.choose', file: emptyFile }],
  'user.cancel': [{ type: 'user.cancel' }],
  'user.pause': [{ type: 'user.pause' }],
  'user.resume': [{ type: 'user.resume' }],
  'user.retry': [{ type: 'user.retry' }],
} satisfies EventSamples<BureauUploadEvent>;

const errorOf = (event: object) => ('error' in event ? event.error : undefined);
const chunks = Math.ceil(fileSize / chunkBytes);
const sliceOf = (idx: number) => ({ start: idx * chunkBytes, end: Math.min(fileSize, (idx + 1) * chunkBytes) });
const sent = (nextIdx: number) => ({ nextIdx, ms: 2000 });
const moreToHash = { hash: null };
const hashed = { hash };
/** One sample per chunk: the nth moves the next index to n + 1. */
const chunkAnswers = Array.from({ length: chunks }, (_, i) => sent(i + 1));

export const bureauUploadModel = defineModel({
  machine: bureauUploadMachine,
  inputs: {
    /** Nothing left unfinished on this account. */
    fresh: { saved: null },
    /** The same file was being uploaded when the page was reloaded. */
    reloaded: { saved },
  },
  events,
  actors: {
    hashSlice: { done: [moreToHash, hashed], error: readerError },
    beginUpload: { done: [{ fileId: uploadId }], error: refused },
    uploadStatus: {
      done: [
        { status: 'open', nextIdx: 1, sha256: null },
        { status: 'open', nextIdx: chunks, sha256: null },
        { status: 'complete', nextIdx: chunks, sha256: hash },
      ],
      error: networkDrop,
    },
    sendChunk: { done: [chunkAnswers[0], ...chunkAnswers.slice(1)], error: networkDrop },
    endUpload: { done: [{ name: file.name }], error: networkDrop },
    createFile: { done: [created], error: refused },
  },
  delays: { retryDelay: (s) => retryDelayMs(s.context.retries) },
  traversal: {
    simplePaths: false,
    // Only what a server could answer: the last slice gives the hash, a chunk moves the next index on by one.
    filterEvents: (s, e) => {
      if (e.type === 'xstate.done.actor.hashSlice') return (e.output === hashed) === (s.context.hashIdx + 1 >= chunks);
      if (e.type === 'xstate.done.actor.sendChunk') return chunkAnswers.findIndex((a) => a === e.output) === s.context.nextIdx;
      return true;
    },
    serializeState: (s) => JSON.stringify([s.value, s.context.hashIdx, s.context.nextIdx, s.context.retries, s.context.uploadId !== null, s.context.error !== null, s.context.file !== null]),
  },
  expect: {
    states: {
      choosing: (s) => {
        assert.equal(s.context.error, null);
      },
      hashing: (s, step) => {
        const idx = s.context.hashIdx;
        assert.deepEqual(step.invoked, [{ src: 'hashSlice', id: 'hashSlice', input: { data: file.data, idx, ...sliceOf(idx), last: idx + 1 === chunks } }], 'the next slice is hashed');
        assert.equal(s.context.hash, null);
      },
      empty: (s, step) => {
        assert.equal(s.context.error, emptyFileMessage, 'says the file is empty');
        assert.equal(s.context.file, emptyFile);
        assert.deepEqual(step.invoked, [], 'nothing is hashed or sent');
      },
      deciding: () => assert.fail('deciding is left at once'),
      beginning: (s, step) => {
        assert.equal(s.context.hash, hash, 'the whole file is hashed before the upload begins');
        assert.deepEqual(step.invoked, [{ src: 'beginUpload', id: 'beginUpload', input: { filePrefix: file.name, size: fileSize } }]);
      },
      resuming: (s, step) => {
        assert.deepEqual(step.invoked, [{ src: 'uploadStatus', id: 'uploadStatus', input: { fileId: uploadId } }], 'asks the server where the upload stands');
        assert.equal(s.context.sessionBytes, 0, 'the time left is measured afresh');
        if (step.previous?.matches('deciding') || step.previous?.matches('hashing')) assert.equal(step.scenario, 'reloaded', 'only the same file resumes');
      },
      sending: (s, step) => {
        const idx = s.context.nextIdx;
        assert.ok(idx < chunks);
        assert.deepEqual(step.invoked, [{ src: 'sendChunk', id: 'sendChunk', input: { fileId: uploadId, idx, data: file.data, ...sliceOf(idx) } }], `chunk ${idx} of ${chunkBytes} bytes`);
        if (step.previous?.matches('beginning')) assert.deepEqual(step.actions.filter((a) => a.type === 'remember'), [{ type: 'remember', params: { saved } }], 'kept for a reload');
        if (step.previous?.matches('sending')) assert.equal(s.context.retries, 0, 'a chunk through ends a run of drops');
      },
      retrying: (s, step) => {
        assert.ok(s.context.retries >= 1 && s.context.retries <= maxRetries, `at most ${maxRetries} retries in a row`);
        assert.equal(s.context.error, null, 'a drop being retried is not an error yet');
        const error = errorOf(step.event);
        if (error === chunkDamaged) assert.equal(step.event.type, 'xstate.error.actor.endUpload', 'only the end finds a damaged chunk');
        else assert.equal(error, networkDrop);
      },
      paused: (_s, step) => {
        if (step.previous?.matches('sending')) assert.deepEqual(step.cancelled, ['sendChunk'], 'the chunk in flight is stopped');
        assert.deepEqual(step.invoked, []);
      },
      ending: (_s, step) => {
        assert.deepEqual(step.invoked, [{ src: 'endUpload', id: 'endUpload', input: { fileId: uploadId, hash } }], 'ends with the hash');
      },
      creating: (_s, step) => {
        assert.deepEqual(step.invoked, [{ src: 'createFile', id: 'createFile', input: { fileServerId: uploadId, name: file.name } }]);
      },
      failed: (s, step) => {
        const error = errorOf(step.event);
        assert.ok(error instanceof Error);
        assert.equal(s.context.error, error.message, 'the page shows why');
        if (error === networkDrop) assert.equal(step.previous?.context.retries, maxRetries, 'a drop fails only once the retries are spent');
        if (step.event.type === 'xstate.error.actor.endUpload' && error !== networkDrop) {
          assert.ok(step.actions.some((a) => a.type === 'forget'), 'a wrong hash is not resumed');
          assert.equal(s.context.uploadId, null);
        }
      },
      done: (s, step) => {
        assert.equal(s.status, 'done');
        assert.deepEqual(s.output, created, 'the bureau file goes to its mapping');
        assert.ok(step.actions.some((a) => a.type === 'forget'), 'nothing left to resume');
      },
    },
  },
  examples: [
    // The end finds chunk 1 damaged in storage (a power cut before its sync): the upload resumes from
    // where the server now stands, sends chunks 1 and 2 again and ends.
    {
      scenario: 'reloaded',
      events: [
        { type: 'user.choose', file },
        { type: 'xstate.done.actor.hashSlice', output: { hash: null }, actorId: 'hashSlice' },
        { type: 'xstate.done.actor.hashSlice', output: { hash: null }, actorId: 'hashSlice' },
        { type: 'xstate.done.actor.hashSlice', output: { hash }, actorId: 'hashSlice' },
        { type: 'xstate.done.actor.uploadStatus', output: { status: 'open', nextIdx: chunks, sha256: null }, actorId: 'uploadStatus' },
        { type: 'xstate.error.actor.endUpload', error: chunkDamaged, actorId: 'endUpload' },
        { type: 'xstate.after.retryDelay.bureauUpload.retrying' },
        { type: 'xstate.done.actor.uploadStatus', output: { status: 'open', nextIdx: 1, sha256: null }, actorId: 'uploadStatus' },
        { type: 'xstate.done.actor.sendChunk', output: sent(2), actorId: 'sendChunk' },
        { type: 'xstate.done.actor.sendChunk', output: sent(3), actorId: 'sendChunk' },
        { type: 'xstate.done.actor.endUpload', output: { name: file.name }, actorId: 'endUpload' },
        { type: 'xstate.done.actor.createFile', output: created, actorId: 'createFile' },
      ],
    },
    // The server refuses the end: the hash of the bytes it holds is not the file's.
    {
      scenario: 'fresh',
      events: [
        { type: 'user.choose', file },
        { type: 'xstate.done.actor.hashSlice', output: { hash: null }, actorId: 'hashSlice' },
        { type: 'xstate.done.actor.hashSlice', output: { hash: null }, actorId: 'hashSlice' },
        { type: 'xstate.done.actor.hashSlice', output: { hash }, actorId: 'hashSlice' },
        { type: 'xstate.done.actor.beginUpload', output: { fileId: uploadId }, actorId: 'beginUpload' },
        { type: 'xstate.done.actor.sendChunk', output: sent(1), actorId: 'sendChunk' },
        { type: 'xstate.done.actor.sendChunk', output: sent(2), actorId: 'sendChunk' },
        { type: 'xstate.done.actor.sendChunk', output: sent(3), actorId: 'sendChunk' },
        { type: 'xstate.error.actor.endUpload', error: wrongHash, actorId: 'endUpload' },
        { type: 'user.retry' },
      ],
    },
  ],
});
