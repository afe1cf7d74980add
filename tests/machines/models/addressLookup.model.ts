/**
 * Model of the address lookup page: suggestions 200 ms after the last keystroke (one click), the
 * arrow keys and Enter over them, a chosen suggestion looked up (one click), Find and Show more
 * (one click each), an address Find listed shown with no call, the list closing 150 ms after the box
 * loses focus, the label configuration saved; a newer search drops the answer of the one before, and
 * every call ends with a read of the clicks left.
 */
import assert from 'node:assert/strict';
import type { SnapshotFrom } from 'xstate';
import type { FormattedAddress, Suggestion } from '../../../contract/address/entities';
import { defaultLabelConfig } from '../../../contract/shared/labelConfig';
import {
  addressLookupMachine,
  closeListMs,
  debounceMs,
  findLimit,
  noMatch,
  suggestLimit,
  type AddressLookupContext,
  type AddressLookupEvent,
} from '../../../machines/addressLookup';
import { defineModel, type EventSamples, type ObservedStep } from '../harness/model';

export const first: Suggestion = { id: '42', text: '15 Hawthorn Road, ABERDEEN, AB1 7BH', postcode: 'AB1 7BH' };
export const second: Suggestion = { id: '43', text: '17 Hawthorn Road, ABERDEEN, AB1 7BH', postcode: 'AB1 7BH' };
const parts = { organisation: [], lines: ['15 Hawthorn Road'], town: 'ABERDEEN', county: '', countyRequired: false, postcode: 'AB1 7BH', postalLine: false };
export const listed: FormattedAddress = { id: '42', label: ['15 Hawthorn Road', '', '', '', '', 'ABERDEEN', 'AB1 7BH'], fields: {}, postcode: 'AB1 7BH', town: 'ABERDEEN', county: '', parts };
export const noClicks = 'No clicks remain on your Address autocomplete subscription: buy more in the shop';
const mostResults = 100;
const config = defaultLabelConfig('uk');

const events = {
  'user.type': [{ type: 'user.type', text: 'AB1' }, { type: 'user.type', text: '' }],
  'user.down': [{ type: 'user.down' }],
  'user.up': [{ type: 'user.up' }],
  'user.enter': [{ type: 'user.enter' }],
  'user.escape': [{ type: 'user.escape' }],
  'user.blur': [{ type: 'user.blur' }],
  'user.focus': [{ type: 'user.focus' }],
  'user.choose': [{ type: 'user.choose', suggestion: second }],
  'user.find': [{ type: 'user.find' }],
  'user.showMore': [{ type: 'user.showMore' }],
  'user.pick': [{ type: 'user.pick', address: listed }],
  'user.configure': [{ type: 'user.configure', change: { townFormat: 'Lowercase' } }],
  'clicks.read': [{ type: 'clicks.read', clicks: { lookup: 120, autocomplete: 45 } }, { type: 'clicks.read', clicks: null }],
} satisfies EventSamples<AddressLookupEvent>;

const pageWide = ['clicks.read', 'user.configure', 'user.blur'];
const keys = ['user.down', 'user.up', 'user.escape'];

const moreToShow = (c: AddressLookupContext) => c.found !== null && c.found.more && c.found.limit < c.mostResults;

type Step = ObservedStep<typeof addressLookupMachine>;
const refreshed = (step: Step) => step.actions.filter((a) => a.type === 'refreshClicks').length;
/** How the box stands, for the traversal: empty, typed, or showing what was chosen. */
const boxOf = (c: AddressLookupContext) => (c.text === '' ? 'empty' : c.chosen?.text === c.text ? 'chosen' : 'typed');

type Snapshot = SnapshotFrom<typeof addressLookupMachine>;
/** The states that make a call, and the call's invoke id. */
const calls = {
  suggesting: { state: { search: 'suggesting' }, id: 'suggest' },
  finding: { state: { search: 'finding' }, id: 'find' },
  looking: { state: { lookup: 'looking' }, id: 'lookUp' },
} as const;

/** The step entered `state` (or entered it again, dropping its call). */
const entered = (step: Step, { state, id }: (typeof calls)[keyof typeof calls]) => !step.previous?.matches(state) || step.cancelled.includes(id);

/** What every step does, whatever the state: checked by the event that led to it. */
function checkStep(s: Snapshot, step: Step) {
  const c = s.context;
  const before = step.previous?.context;
  const event = step.event;
  if (event.type === 'xstate.init') {
    assert.deepEqual(step.actions, [{ type: 'refreshClicks', params: undefined }], 'the clicks left are read on opening');
    assert.deepEqual([c.text, c.chosen, c.open, c.active, c.searching, c.found, c.clicks], ['', null, false, -1, false, null, null]);
    return;
  }
  assert.ok(before);
  // A call ends (answered, or dropped for a newer one) with one read of the clicks left.
  const ended = Object.values(calls).filter(({ state, id }) => step.previous?.matches(state) && (!s.matches(state) || step.cancelled.includes(id)));
  assert.equal(refreshed(step), ended.length, 'the clicks left are read once for each call ended');
  switch (event.type) {
    case 'user.type':
      assert.equal(c.text, event.text);
      assert.equal(c.chosen, null, 'typing forgets the choice');
      assert.equal(c.open, true);
      // Text waits for the pause; an emptied box asks nothing, and a search on its way goes on.
      if (event.text.trim()) assert.ok(s.matches({ search: 'waiting' }));
      else assert.deepEqual(s.value, step.previous?.value);
      break;
    case 'user.down':
      assert.equal(c.active, Math.min(before.active + 1, before.suggestions.length - 1));
      assert.equal(c.open, before.open || before.suggestions.length > 0, 'the arrow opens a closed list that has suggestions');
      break;
    case 'user.up':
      assert.equal(c.active, Math.max(before.active - 1, 0));
      break;
    case 'user.escape':
      if (before.open) assert.deepEqual([c.open, c.text], [false, before.text], 'Escape closes the list');
      else assert.equal(c.text, '', 'Escape with the list closed empties the box');
      break;
    case 'user.configure':
      assert.equal(c.config.townFormat, 'Lowercase');
      assert.deepEqual(step.actions, [{ type: 'saveConfig', params: { config: c.config } }], 'the configuration is saved as changed');
      assert.equal(c.address, before.address, 'the label is drawn again with no call');
      break;
    case 'clicks.read':
      assert.deepEqual(c.clicks, event.clicks);
      break;
    case 'user.pick':
      assert.deepEqual(c.chosen, { id: listed.id, text: '15 Hawthorn Road, ABERDEEN, AB1 7BH', postcode: listed.postcode });
      assert.deepEqual([c.text, c.open, c.address, c.problem], [c.chosen?.text, false, listed, null], 'shown with no call');
      assert.deepEqual(step.invoked, []);
      break;
    case 'xstate.after.closeList.addressLookup.list.closing':
      assert.equal(c.open, false, 'the list closes once the box has lost focus');
      break;
    case 'xstate.done.actor.suggest':
      assert.deepEqual([c.suggestions, c.moreSuggested, c.open, c.active, c.problem, c.searching], [[first, second], true, true, -1, null, false]);
      break;
    case 'xstate.done.actor.find': {
      const output = event.output as { addresses: FormattedAddress[]; more: boolean };
      assert.deepEqual(c.found, { ...before.finding, ...output });
      assert.equal(c.problem, output.addresses.length ? null : noMatch, 'no match is said');
      assert.equal(c.searching, false);
      break;
    }
    case 'xstate.done.actor.lookUp':
      assert.deepEqual([c.address, c.problem], [listed, null]);
      break;
    case 'xstate.error.actor.suggest':
    case 'xstate.error.actor.find':
    case 'xstate.error.actor.lookUp':
      assert.equal(c.problem, noClicks, 'the meter’s words are shown');
      assert.equal(c.address, before.address, 'the last address stays');
      break;
  }
}

export const addressLookupModel = defineModel({
  machine: addressLookupMachine,
  inputs: { page: { config, mostResults } },
  events,
  actors: {
    suggest: { done: [{ suggestions: [first, second], more: true }], error: new Error(noClicks) },
    find: { done: [{ addresses: [listed], more: true }, { addresses: [], more: false }], error: new Error(noClicks) },
    lookUp: { done: [{ addresses: [listed] }], error: new Error(noClicks) },
  },
  delays: { debounce: debounceMs, closeList: closeListMs },
  traversal: {
    simplePaths: false,
    // The regions are independent: each is walked while the others rest, and the page-wide events
    // (clicks, configuration, focus) only at rest with nothing found yet.
    filterEvents: (s, e) => {
      const search = !s.matches({ search: 'idle' });
      const lookup = s.matches({ lookup: 'looking' });
      const list = s.matches({ list: 'closing' });
      if (list) return e.type === 'user.focus' || e.type.startsWith('xstate.after.closeList');
      if (lookup) return e.type.endsWith('.actor.lookUp');
      // With more to show, Show more and picking a listed address are what is walked.
      if (moreToShow(s.context)) return ['user.showMore', 'user.pick'].includes(e.type) || e.type.endsWith('.actor.find');
      if (pageWide.includes(e.type)) return !search && s.context.found === null && s.context.text === '';
      if (search) return !keys.includes(e.type) && e.type !== 'user.choose';
      return true;
    },
    serializeState: (s) => {
      const c = s.context;
      return JSON.stringify([s.value, boxOf(c), c.open, c.open && c.active >= 0 && c.active < c.suggestions.length, c.suggestions.length > 0, moreToShow(c)]);
    },
  },
  expect: {
    states: {
      search: checkStep,
      'search.waiting': (_s, step) => {
        assert.ok(!step.invoked.some((i) => i.src === 'suggest'), 'nothing is asked before the pause');
      },
      'search.suggesting': (s, step) => {
        if (!entered(step, calls.suggesting)) return;
        assert.equal(step.event.type, 'xstate.after.debounce.addressLookup.search.waiting', 'asked once the pause is over');
        assert.deepEqual(step.invoked, [{ src: 'suggest', id: 'suggest', input: { q: s.context.text.trim(), limit: suggestLimit } }]);
        assert.equal(s.context.searching, true);
      },
      'search.finding': (s, step) => {
        if (!entered(step, calls.finding)) return;
        const more = step.event.type === 'user.showMore';
        const q = more ? step.previous?.context.found?.query : s.context.text.trim();
        const limit = more ? mostResults : findLimit;
        assert.deepEqual(step.invoked, [{ src: 'find', id: 'find', input: { q, limit, config: s.context.config } }], 'Find asks for the box’s text, Show more for as many as a lookup answers');
        assert.deepEqual([s.context.open, s.context.suggestions, s.context.active, s.context.searching], [false, [], -1, true], 'the suggestion list closes');
      },
      'lookup.looking': (s, step) => {
        if (!entered(step, calls.looking)) return;
        const chosen = step.event.type === 'user.choose' ? second : step.previous?.context.suggestions[step.previous.context.active];
        assert.deepEqual(s.context.chosen, chosen);
        assert.deepEqual([s.context.text, s.context.open, s.context.active], [chosen?.text, false, -1]);
        assert.deepEqual(step.invoked, [{ src: 'lookUp', id: 'lookUp', input: { id: chosen?.id, config: s.context.config } }], 'one lookup of the chosen suggestion');
      },
      'list.closing': (s, step) => {
        assert.equal(s.context.open, step.previous?.context.open, 'the list stays open a moment');
      },
    },
  },
});
