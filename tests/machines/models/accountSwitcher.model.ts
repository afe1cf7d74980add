/** Model of the Change Account sliding list (spec section 4, "Account switcher"). */
import assert from 'node:assert/strict';
import { accountSwitcherMachine, type AccountSwitcherEvent } from '../../../machines/accountSwitcher';
import { defineModel, type EventSamples } from '../harness/model';
import { partner, retail, solo, wholesale } from './groupFixtures';

const events = {
  'switcher.open': [{ type: 'switcher.open' }],
  'switcher.close': [{ type: 'switcher.close' }],
  'switcher.pick': [
    // two organisations: opens the partner's list
    { type: 'switcher.pick', group: partner },
    // two accounts: opens the organisation's list
    { type: 'switcher.pick', group: retail },
    // one account: chosen with it
    { type: 'switcher.pick', group: wholesale },
    { type: 'switcher.pick', group: solo },
  ],
  'switcher.back': [{ type: 'switcher.back' }],
} satisfies EventSamples<AccountSwitcherEvent>;

export const accountSwitcherModel = defineModel({
  machine: accountSwitcherMachine,
  inputs: { app: undefined },
  events,
  actors: {},
  delays: {},
  traversal: {
    serializeState: (s) => JSON.stringify([s.value, s.context.path.map((g) => g.id)]),
    simplePaths: false,
  },
  expect: {
    states: {
      closed: (_s, step) => {
        if (step.event.type === 'switcher.pick') {
          const picked = step.event.group;
          assert.ok((picked.children?.length ?? 0) <= 1 || step.previous!.context.path.length >= 2, 'chosen, not opened');
          assert.deepEqual(step.actions, [{ type: 'choose', params: { group: picked } }]);
        } else {
          assert.deepEqual(step.actions, []);
        }
      },
      open: (s, step) => {
        const before = step.previous?.context.path ?? [];
        assert.ok(s.context.path.length <= 2, 'three levels at most');
        if (step.event.type === 'switcher.open') assert.deepEqual(s.context.path, [], 'opens at the top level');
        if (step.event.type === 'switcher.pick') {
          assert.ok((step.event.group.children?.length ?? 0) > 1, 'only a group with more than one child opens');
          assert.deepEqual(s.context.path, [...before, step.event.group]);
        }
        if (step.event.type === 'switcher.back') assert.deepEqual(s.context.path, before.slice(0, -1), 'Back goes up one level');
        assert.deepEqual(step.actions, []);
      },
    },
  },
});
