/** Model of one form sent to the server (registration, the user's details, a new password). */
import assert from 'node:assert/strict';
import { submissionMachine, type SubmissionEvent } from '../../../machines/submission';
import { defineModel, type EventSamples } from '../harness/model';

export const formValues = { userName: 'ada@example.com', name: 'Ada Lovelace' };
export const serverResult = { id: 7 };
export const failure = 'Failed to save details';

const events = {
  'user.submit': [{ type: 'user.submit', values: formValues }],
  'user.edit': [{ type: 'user.edit' }],
} satisfies EventSamples<SubmissionEvent<Record<string, unknown>>>;

export const submissionModel = defineModel({
  machine: submissionMachine,
  inputs: { form: undefined },
  events,
  actors: { submit: { done: [serverResult], error: new Error(failure) } },
  delays: {},
  expect: {
    states: {
      editing: (s, step) => {
        if (!step.previous) assert.deepEqual(s.context.values, undefined, 'nothing sent yet');
        else assert.deepEqual(s.context.values, step.previous.context.values, 'the input is still in the form');
        assert.deepEqual(step.actions, []);
      },
      submitting: (s, step) => {
        assert.equal(step.event.type, 'user.submit');
        assert.deepEqual(s.context.values, formValues);
        assert.equal(s.context.error, undefined, 'a new send forgets the last failure');
        assert.deepEqual(step.invoked, [{ src: 'submit', id: 'submit', input: formValues }]);
      },
      succeeded: (s, step) => {
        assert.deepEqual(s.context.values, formValues);
        assert.deepEqual(s.context.result, serverResult, 'the answer is kept for the view');
        assert.deepEqual(step.actions, [{ type: 'succeeded', params: { result: serverResult, values: formValues } }]);
      },
      failed: (s, step) => {
        assert.equal(s.context.error, failure, 'the failure says why');
        assert.deepEqual(s.context.values, formValues, 'the input is still in the form');
        assert.deepEqual(step.actions, [], 'a failure leads nowhere');
      },
    },
  },
});
