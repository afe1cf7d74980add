/**
 * Model of the email validation page: check an address (one click) or show a result of this visit
 * again (free), one call at a time; a refusal is said and the last result stays on show.
 */
import assert from 'node:assert/strict';
import { emailCheckMachine, type EmailCheckEvent } from '../../../machines/emailCheck';
import { defineModel, type EventSamples } from '../harness/model';

export const checked = { id: 'AbCdEfGhIjKlMnOpQrStUv', email: 'jane@gmial.com' };
export const noClicks = 'Failed to check the email address: No clicks remain on your Email validation subscription: buy more in the shop';

const events = {
  'user.check': [{ type: 'user.check', email: 'jane@gmial.com' }],
  'user.reread': [{ type: 'user.reread', id: checked.id }],
} satisfies EventSamples<EmailCheckEvent>;

export const emailCheckModel = defineModel({
  machine: emailCheckMachine,
  inputs: { page: undefined },
  events,
  actors: {
    verify: { done: [checked], error: new Error(noClicks) },
    reread: { done: [checked], error: new Error('Failed to read the result again: Email validation result not found') },
  },
  delays: {},
  expect: {
    states: {
      ready: (s, step) => {
        if (step.event.type === 'xstate.error.actor.verify') {
          assert.equal(s.context.refusal, noClicks, 'the meter’s words are shown');
          assert.equal(s.context.shown, step.previous?.context.shown ?? null, 'the last result stays');
        }
        if (step.event.type === 'xstate.done.actor.verify') {
          assert.deepEqual(s.context.shown, checked);
          assert.equal(s.context.recent.filter((r) => r.id === checked.id).length, 1, 'each result listed once');
          assert.equal(s.context.refusal, null);
        }
        if (step.event.type === 'xstate.done.actor.reread') assert.deepEqual(s.context.shown, checked);
      },
      checking: (s, step) => {
        assert.equal(step.event.type, 'user.check');
        assert.equal(s.context.refusal, null, 'a new check forgets the last refusal');
        assert.deepEqual(step.invoked, [{ src: 'verify', id: 'verify', input: { email: 'jane@gmial.com' } }]);
      },
      rereading: (_s, step) => {
        assert.equal(step.event.type, 'user.reread');
        assert.deepEqual(step.invoked, [{ src: 'reread', id: 'reread', input: { id: checked.id } }]);
      },
    },
  },
});
