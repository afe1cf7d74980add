/** Model of group selection (spec section 4, "Group selection"). Loading groups is a plain event. */
import assert from 'node:assert/strict';
import { groupSelectionMachine, type GroupSelectionEvent } from '../../../machines/groupSelection';
import { emptySelection } from '../../../machines/groupTree';
import { defineModel, type EventSamples } from '../harness/model';
import { customerAccount, memberAccount, ownedAccount, partner, solo, soloAccount, trees } from './groupFixtures';

const events = {
  'session.signedIn': [
    { type: 'session.signedIn', staff: false, saved: null },
    // saved earlier in this browser, and still one of the user's groups
    { type: 'session.signedIn', staff: false, saved: { organisationId: 21, accountId: 211 } },
    // a staff user who was working in a customer's account
    { type: 'session.signedIn', staff: true, saved: { organisationId: 91, accountId: 911 } },
  ],
  'session.signedOut': [{ type: 'session.signedOut' }],
  'group.select': [
    { type: 'group.select', group: partner },
    { type: 'group.select', group: memberAccount },
  ],
  'groups.refresh': [{ type: 'groups.refresh' }],
} satisfies EventSamples<GroupSelectionEvent>;

const ids = (s: { partner: { id: number } | null; organisation: { id: number } | null; account: { id: number } | null }) => [
  s.partner?.id ?? null,
  s.organisation?.id ?? null,
  s.account?.id ?? null,
];

export const groupSelectionModel = defineModel({
  machine: groupSelectionMachine,
  inputs: { app: undefined },
  events,
  actors: {
    loadGroups: { done: [trees], error: new Error('Failed to load groups') },
    loadGroup: { done: [customerAccount, null], error: new Error('Group not found') },
  },
  delays: {},
  traversal: {
    // The selection, not the group objects, is what matters between states.
    serializeState: (s) => JSON.stringify([s.value, s.context.staff, s.context.saved, ids(s.context.selection), s.context.groups.length]),
    simplePaths: false,
  },
  expect: {
    states: {
      signedOut: (s) => {
        assert.deepEqual(s.context.selection, emptySelection, 'nothing is selected without a user');
        assert.deepEqual(s.context.groups, []);
      },
      loading: (s, step) => {
        assert.deepEqual(step.invoked.map((i) => i.src), ['loadGroups']);
        if (step.event.type === 'session.signedIn') assert.equal(s.context.staff, step.event.staff);
      },
      restoring: (s, step) => {
        assert.equal(s.context.staff, true, 'only staff restore a group outside their list');
        assert.deepEqual(step.invoked, [{ src: 'loadGroup', id: 'loadGroup', input: { id: 911 } }]);
      },
      ready: (s, step) => {
        const sel = s.context.selection;
        const selected = step.actions.filter((a) => a.type === 'selected');
        const saves = step.actions.filter((a) => a.type === 'saveSelection');
        assert.deepEqual(s.context.saved, { partnerId: sel.partner?.id, organisationId: sel.organisation?.id, accountId: sel.account?.id }, 'the selection is what a refresh restores');
        if (step.event.type === 'group.select') {
          // A partner brings its first organisation and that organisation's first account.
          assert.deepEqual(ids(sel), step.event.group.id === partner.id ? [1, 11, 111] : [1, 11, 112]);
          assert.deepEqual(saves, [{ type: 'saveSelection', params: { saved: s.context.saved } }]);
          // Only an owned account is attached to the session.
          const attach = sel.account!.id === ownedAccount.id ? ownedAccount.id : undefined;
          assert.deepEqual(selected, [{ type: 'selected', params: { accountId: attach } }]);
          return;
        }
        assert.equal(selected.length, 1, 'the session hears about the settled selection once');
        const before = step.previous!;
        const savedAccount = before.context.saved?.accountId;
        if (before.matches('restoring')) {
          const found = step.event.type.startsWith('xstate.done') && (step.event as { output?: unknown }).output;
          // Staff get their customer's account back; if it is gone, the first group of their list.
          assert.deepEqual(ids(sel), found ? [null, null, customerAccount.id] : [1, 11, 111]);
          if (found) assert.deepEqual(selected, [{ type: 'selected', params: { accountId: undefined } }]);
          return;
        }
        // Arrived from loading: a saved group still in the list is restored without saving again;
        // otherwise the first group of the list is selected and saved.
        const expected: Record<number, Array<number | null>> = { 211: [null, solo.id, soloAccount.id], 111: [1, 11, 111], 112: [1, 11, 112] };
        if (savedAccount !== undefined && expected[savedAccount]) {
          assert.deepEqual(ids(sel), expected[savedAccount]);
          assert.deepEqual(saves, []);
        } else {
          assert.deepEqual(ids(sel), [1, 11, 111]);
          assert.equal(saves.length, 1);
        }
      },
      failed: (s, step) => {
        // The portal keeps working with what it had; a later refresh may load the groups.
        assert.deepEqual(s.context.selection, step.previous!.context.selection);
      },
    },
  },
});
