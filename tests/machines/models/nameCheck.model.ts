/**
 * Model of the name validation page: check a name (one click) or show a result of this visit again
 * (free, from the page's own list), one call at a time; a refusal is said and the last result stays.
 */
import assert from 'node:assert/strict';
import { nameCheckMachine, type NameCheckEvent } from '../../../machines/nameCheck';
import { defineModel, type EventSamples } from '../harness/model';

export const checkedName = { name: 'Dr Jane Smith' };
export const noNameClicks = 'Failed to check the name: No clicks remain on your Name validation subscription: buy more in the shop';

const events = {
  'user.check': [{ type: 'user.check', name: 'Dr Jane Smith' }],
  'user.show': [{ type: 'user.show', name: 'Dr Jane Smith' }],
} satisfies EventSamples<NameCheckEvent>;

export const nameCheckModel = defineModel({
  machine: nameCheckMachine,
  inputs: { page: undefined },
  events,
  actors: {
    validate: { done: [checkedName], error: new Error(noNameClicks) },
  },
  delays: {},
  expect: {
    states: {
      ready: (s, step) => {
        const before = step.previous?.context;
        if (step.event.type === 'xstate.error.actor.validate') {
          assert.equal(s.context.refusal, noNameClicks, 'the meter’s words are shown');
          assert.equal(s.context.shown, before?.shown ?? null, 'the last result stays');
          assert.deepEqual(s.context.recent, before?.recent ?? [], 'nothing is added to the list');
        }
        if (step.event.type === 'xstate.done.actor.validate') {
          assert.deepEqual(s.context.shown, checkedName);
          assert.equal(s.context.recent.filter((r) => r.name === checkedName.name).length, 1, 'each name listed once');
          assert.equal(s.context.refusal, null);
        }
        if (step.event.type === 'user.show') {
          const kept = before?.recent.find((r) => r.name === 'Dr Jane Smith');
          assert.deepEqual(s.context.shown, kept ?? before?.shown ?? null, 'a listed result is shown again; an unknown name changes nothing');
          assert.deepEqual(s.context.recent, before?.recent, 'showing again changes no list');
          assert.equal(s.context.refusal, null);
        }
      },
      checking: (s, step) => {
        assert.equal(step.event.type, 'user.check');
        assert.equal(s.context.refusal, null, 'a new check forgets the last refusal');
        assert.deepEqual(step.invoked, [{ src: 'validate', id: 'validate', input: { name: 'Dr Jane Smith' } }]);
      },
    },
  },
  examples: [
    // Checked, refused, then the first result shown again (free).
    {
      scenario: 'page',
      events: [
        { type: 'user.check', name: 'Dr Jane Smith' },
        { type: 'xstate.done.actor.validate', output: checkedName, actorId: 'validate' },
        { type: 'user.check', name: 'Dr Jane Smith' },
        { type: 'xstate.error.actor.validate', error: new Error(noNameClicks), actorId: 'validate' },
        { type: 'user.show', name: 'Dr Jane Smith' },
      ],
    },
  ],
});
