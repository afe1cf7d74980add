/**
 * Model of a confirmed change that cannot be undone (deleting a dataset, a plan, a filter or a
 * comparison in data administration): asked for, confirmed or cancelled, then carried out.
 */
import assert from 'node:assert/strict';
import { confirmActionMachine, type ConfirmActionEvent } from '../../../machines/confirmAction';
import { defineModel, type EventSamples } from '../harness/model';

/** The server's refusal of a dataset still in use (spec section 8 shows it in the Error modal too). */
export const inUse = 'Failed to delete the dataset: This dataset is used by 2 plans';

const events = {
  'user.request': [{ type: 'user.request' }],
  'user.confirm': [{ type: 'user.confirm' }],
  'user.cancel': [{ type: 'user.cancel' }],
} satisfies EventSamples<ConfirmActionEvent>;

export const confirmActionModel = defineModel({
  machine: confirmActionMachine,
  inputs: { row: undefined },
  events,
  actors: { act: { done: [{ msg: 'Deleted' }], error: new Error(inUse) } },
  delays: {},
  expect: {
    states: {
      idle: (s, step) => {
        const failed = step.event.type.startsWith('xstate.error.actor.');
        assert.equal(s.context.error, failed ? inUse : step.previous?.context.error, failed ? 'the refusal says why' : 'nothing new to say');
        assert.deepEqual(step.actions, []);
        assert.deepEqual(step.invoked, [], 'nothing is sent before the user confirms');
      },
      confirming: (_s, step) => {
        assert.equal(step.event.type, 'user.request');
        assert.deepEqual(step.invoked, [], 'asking sends nothing');
      },
      acting: (s, step) => {
        assert.equal(step.event.type, 'user.confirm');
        assert.equal(s.context.error, undefined, 'a new attempt forgets the last refusal');
        assert.deepEqual(step.invoked, [{ src: 'act', id: 'act', input: undefined }]);
      },
      done: (s, step) => {
        assert.equal(s.status, 'done');
        assert.deepEqual(step.actions, [{ type: 'succeeded', params: undefined }], 'the app reloads or leaves the page');
      },
    },
  },
});
