/** Model of one form sent to the server (registration, the user's details, a new password). */
import assert from 'node:assert/strict';
import { submissionMachine, type SubmissionEvent } from '../../../machines/submission';
import { defineModel, type EventSamples } from '../harness/model';

export const formValues = { userName: 'ada@example.com', name: 'Ada Lovelace' };
export const serverResult = { id: 7 };

const events = {
  'user.submit': [{ type: 'user.submit', values: formValues }],
  'user.edit': [{ type: 'user.edit' }],
} satisfies EventSamples<SubmissionEvent>;

export const submissionModel = defineModel({
  machine: submissionMachine,
  inputs: { form: undefined },
  events,
  actors: { submit: { done: [serverResult], error: new Error('Failed to save details') } },
  delays: {},
  expect: {
    states: {
      editing: (s, step) => {
        if (!step.previous) assert.deepEqual(s.context.values, {});
        else assert.deepEqual(s.context.values, step.previous.context.values, 'the input is still in the form');
        assert.deepEqual(step.actions, []);
      },
      submitting: (s, step) => {
        assert.equal(step.event.type, 'user.submit');
        assert.deepEqual(s.context.values, formValues);
        assert.deepEqual(step.invoked, [{ src: 'submit', id: '0.submission.submitting', input: formValues }]);
      },
      succeeded: (s, step) => {
        assert.deepEqual(s.context.values, formValues);
        assert.deepEqual(step.actions, [{ type: 'succeeded', params: { result: serverResult, values: formValues } }]);
      },
    },
  },
});
