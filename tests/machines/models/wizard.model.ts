/**
 * Model of the welcome and organisation wizards (spec section 5, "Creation Wizard"): three steps, each
 * checked on Next with the spec's rules; then create the organisation, its first account, step a staff
 * creator back out, open the account. A failure keeps what was created; the retry goes on from there.
 */
import assert from 'node:assert/strict';
import type { Group } from '../../../contract/groups/entities';
import { checkStepWith, wizardMachine, type WizardEvent, type WizardSnapshot } from '../../../machines/wizard';
import { groupNameProblem as nameError, textRequired } from '../../../contract/shared/text';
import { parseId } from '../../../src/areas/administration/groupRules';
import { defineModel, type EventSamples, type ObservedStep } from '../harness/model';
import { group } from './groupFixtures';

const nameRequired = textRequired('A name');

export const customer = { userId: 7, staff: false, territory: 'uk' } as const;
export const staffUser = { userId: 1, staff: true, territory: 'uk' } as const;
export const newAccount: Group = group(502, 'account', [], { name: 'Web shop', territory: 'australia' });

const events = {
  'user.change': [
    { type: 'user.change', field: 'organisation', value: '  Bright Ideas  ' },
    { type: 'user.change', field: 'organisation', value: '   ' },
    { type: 'user.change', field: 'ownerId', value: '42' },
    { type: 'user.change', field: 'ownerId', value: 'forty' },
    { type: 'user.change', field: 'account', value: 'Web shop' },
  ],
  'user.pickTerritory': [{ type: 'user.pickTerritory', territory: 'australia' }],
  'user.next': [{ type: 'user.next' }],
  'user.back': [{ type: 'user.back' }],
  'user.submit': [{ type: 'user.submit' }],
} satisfies EventSamples<WizardEvent>;

type Step = ObservedStep<typeof wizardMachine>;
const created = (s: WizardSnapshot) => s.context.created;
const cameFrom = (step: Step, state: string) => step.previous?.matches(state as never) === true;

export const wizardModel = defineModel({
  machine: wizardMachine,
  provide: { actions: { checkStep: checkStepWith({ name: nameError, ownerId: (text) => parseId(text).error }) } },
  inputs: { customer, staff: staffUser },
  events,
  actors: {
    // For the customer themself; for staff, for user 42 or themself (blank owner field).
    createOrganisation: { done: [{ id: 501, ownerId: 7 }, { id: 501, ownerId: 42 }, { id: 501, ownerId: 1 }], error: new Error('Failed to create the organisation') },
    createAccount: { done: [{ id: 502 }], error: new Error('Failed to create the account: Database unavailable') },
    stepBack: { done: [null], error: new Error('Failed to remove the user') },
    openAccount: { done: [newAccount], error: new Error('Failed to load the group') },
  },
  delays: {},
  traversal: {
    // What tells states apart is whether each field passes its rule and how far creating went, not the
    // text; the messages shown are recomputed by every check, so they do not either.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        nameError(s.context.draft.organisation) === null,
        s.context.draft.ownerId === '' ? 'self' : parseId(s.context.draft.ownerId).error ? 'bad' : 'other',
        nameError(s.context.draft.account) === null,
        Object.keys(s.context.created),
        s.context.error !== undefined,
      ]),
    // A field is typed on its own step, into something else than it holds; only staff have an owner
    // field; the organisation is made for the owner the draft names (or the user).
    filterEvents: (s, e) => {
      if (e.type === 'user.change') {
        const step = e.field === 'account' ? 'account' : 'organisation';
        return s.matches(step) && s.context.draft[e.field] !== e.value && (e.field !== 'ownerId' || s.context.staff);
      }
      if (e.type === 'xstate.done.actor.createOrganisation') {
        const owner = (s.context.staff ? parseId(s.context.draft.ownerId).id : undefined) ?? s.context.userId;
        return (e.output as { ownerId: number }).ownerId === owner;
      }
      return true;
    },
    simplePaths: false,
  },
  expect: {
    states: {
      organisation: (s, step) => {
        if (step.event.type === 'user.change') {
          const { field, value } = step.event;
          assert.equal(s.context.draft[field], value, 'the draft holds what was typed');
          assert.equal(s.context.errors[field], undefined, 'editing a field clears its message');
        }
        if (step.event.type === 'user.next') {
          // Still here: the check found something, and says what.
          assert.equal(s.context.errors.organisation, nameError(s.context.draft.organisation) ?? undefined);
          if (s.context.staff) assert.equal(s.context.errors.ownerId, parseId(s.context.draft.ownerId).error);
          assert.ok(Object.keys(s.context.errors).length > 0);
        }
        if (!step.previous) assert.deepEqual(s.context.draft, { organisation: '', ownerId: '', account: '', territory: 'uk' });
      },
      account: (s, step) => {
        if (step.event.type === 'user.next' && cameFrom(step, 'organisation')) {
          assert.equal(nameError(s.context.draft.organisation), null, 'on only with a valid name');
          assert.ok(!s.context.staff || !parseId(s.context.draft.ownerId).error, 'and a valid owner id');
          assert.deepEqual(s.context.errors, {});
        }
        if (step.event.type === 'user.next' && cameFrom(step, 'account')) assert.equal(s.context.errors.account, nameRequired);
        if (step.event.type === 'user.pickTerritory') assert.equal(s.context.draft.territory, 'australia');
      },
      confirm: (s, step) => {
        if (step.event.type === 'user.next') assert.equal(nameError(s.context.draft.account), null);
        assert.deepEqual(s.context.errors, {});
      },
      'creating.organisation': (s, step) => {
        assert.equal(created(s).organisationId, undefined, 'an organisation is created once');
        const owner = s.context.draft.ownerId;
        assert.deepEqual(step.invoked, [
          { src: 'createOrganisation', id: 'createOrganisation', input: { owner, name: s.context.draft.organisation.trim() } },
        ]);
      },
      'creating.account': (s, step) => {
        assert.equal(created(s).accountId, undefined, 'an account is created once');
        assert.deepEqual(step.invoked, [
          {
            src: 'createAccount',
            id: 'createAccount',
            input: { organisationId: 501, name: s.context.draft.account.trim(), territory: s.context.draft.territory },
          },
        ]);
      },
      'creating.handingOver': (s, step) => {
        assert.notEqual(created(s).ownerId, s.context.userId, 'only a creator who is not the owner steps back');
        assert.deepEqual(step.invoked, [{ src: 'stepBack', id: 'stepBack', input: { groupId: 502, userId: s.context.userId } }]);
      },
      'creating.opening': (_s, step) => {
        assert.deepEqual(step.invoked, [{ src: 'openAccount', id: 'openAccount', input: { accountId: 502 } }]);
      },
      failed: (s, step) => {
        const before = step.previous!;
        if (step.event.type.startsWith('xstate.error.actor.')) {
          assert.equal(s.context.error, ((step.event as { error: Error }).error).message, 'the failure says why');
          assert.deepEqual(created(s), created(before), 'what was created is kept for the retry');
          assert.deepEqual(s.context.draft, before.context.draft, 'the input stays');
        }
        assert.deepEqual(step.actions, []);
      },
      done: (s, step) => {
        assert.equal(s.status, 'done');
        assert.deepEqual(step.actions, [{ type: 'opened', params: { group: newAccount } }], 'the new account is opened');
      },
    },
  },
});
