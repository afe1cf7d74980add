/** Model of password reset (spec section 4): request a code for a user id, then set a new password. */
import assert from 'node:assert/strict';
import { passwordResetMachine, type PasswordResetEvent } from '../../../machines/passwordReset';
import { defineModel, type EventSamples } from '../harness/model';

export const typedUserId = 'ada@example.com';
export const linkUserId = 'grace@example.com';
export const resetForm = { code: '771204', password: 'N3w-and-l0nger' };

const events = {
  'user.requestCode': [{ type: 'user.requestCode', userId: typedUserId }],
  'user.submit': [{ type: 'user.submit', ...resetForm }],
  'user.resend': [{ type: 'user.resend' }],
  'user.startOver': [{ type: 'user.startOver' }],
} satisfies EventSamples<PasswordResetEvent>;

export const passwordResetModel = defineModel({
  machine: passwordResetMachine,
  inputs: {
    /** Opened from the login page. */
    fromLogin: {},
    /** Followed the link in the reset email, which names the user. */
    fromEmailLink: { userId: linkUserId },
  },
  events,
  actors: {
    requestCode: { done: [null], error: new Error('Unknown user') },
    resetPassword: { done: [null], error: new Error('Invalid code') },
  },
  delays: {},
  expect: {
    states: {
      requesting: (s, step) => {
        if (!step.previous || step.event.type === 'user.startOver') {
          assert.equal(s.context.userId, '', 'asks who the user is');
        } else {
          assert.equal(s.context.userId, step.previous.context.userId, 'a failed request keeps the id typed');
        }
      },
      sendingCode: (s, step) => {
        if (step.event.type === 'user.requestCode') assert.equal(s.context.userId, step.event.userId);
        assert.notEqual(s.context.userId, '');
        assert.deepEqual(step.invoked, [
          { src: 'requestCode', id: 'sendCode', input: { userId: s.context.userId } },
        ]);
      },
      awaitingCode: (s, step) => {
        if (!step.previous) {
          assert.equal(step.scenario, 'fromEmailLink', 'only the email link skips asking for the user');
          assert.equal(s.context.userId, linkUserId);
        }
        assert.notEqual(s.context.userId, '');
      },
      resendingCode: (s, step) => {
        // Another code for the same user: the user id is kept and the code form comes back either way.
        assert.equal(s.context.userId, step.previous!.context.userId);
        assert.deepEqual(step.invoked, [
          { src: 'requestCode', id: 'resendCode', input: { userId: s.context.userId } },
        ]);
      },
      resetting: (s, step) => {
        assert.deepEqual(step.invoked, [
          {
            src: 'resetPassword',
            id: 'resetPassword',
            input: { userId: s.context.userId, activationCode: resetForm.code, password: resetForm.password },
          },
        ]);
      },
      done: (s) => {
        assert.equal(s.status, 'done');
      },
    },
  },
});
