/** Model of account validation (spec section 4): submit the emailed code, or have it resent. */
import assert from 'node:assert/strict';
import { accountValidationMachine, type AccountValidationEvent } from '../../../machines/accountValidation';
import { defineModel, type EventSamples } from '../harness/model';

export const validationCode = '482913';

const events = {
  'user.submit': [{ type: 'user.submit', code: validationCode }],
  'user.resend': [{ type: 'user.resend' }],
} satisfies EventSamples<AccountValidationEvent>;

export const accountValidationModel = defineModel({
  machine: accountValidationMachine,
  inputs: { unvalidated: undefined },
  events,
  actors: {
    submitCode: { done: [null], error: new Error('Invalid code') },
    resendCode: { done: [null], error: new Error('Mail server down') },
  },
  delays: {},
  expect: {
    states: {
      editing: (s, step) => {
        const prev = step.previous;
        if (!prev) assert.equal(s.context.resent, false, 'nothing resent yet');
        else if (prev.matches('resending') && step.event.type.startsWith('xstate.done.actor.')) {
          assert.equal(s.context.resent, true, 'a successful resend is shown');
        } else assert.equal(s.context.resent, prev.context.resent, 'a failure changes nothing');
        assert.deepEqual(step.actions, []);
      },
      submitting: (_s, step) => {
        assert.deepEqual(step.invoked, [
          { src: 'submitCode', id: 'submitCode', input: { code: validationCode } },
        ]);
      },
      resending: (_s, step) => {
        assert.deepEqual(step.invoked, [{ src: 'resendCode', id: 'resendCode', input: undefined }]);
      },
      validated: (s, step) => {
        assert.equal(s.status, 'done');
        assert.deepEqual(step.actions, [{ type: 'notifyValidated', params: undefined }], 'the session fetches a validated token');
      },
    },
  },
});
