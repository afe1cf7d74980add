/**
 * Model of help-tip tours (spec sections 3, 4, 5 and 9): a first visit starts the tour by itself; tips
 * run in order (next, back); "Got it" on the last tip or a click outside disables the tour; Hide Tips
 * disables every tour; the settings turn tips back on; a target may appear late; a tip off the middle
 * without a target raises the spec's error. Storage, the DOM lookup and the error report are effects.
 */
import assert from 'node:assert/strict';
import { helpTipId, missingTargetMessage, type HelpTip, type HelpTour } from '../../../contract/shared/helpTips';
import { helpTipsMachine, shownTip, type HelpTipsEvent, type HelpTipsSnapshot } from '../../../machines/helpTips';
import { defineModel, type EventSamples, type ObservedStep } from '../harness/model';

/** A tour with a tip of each kind: middle (no target), a target to wait for, one not waited for. Listed out of order. */
export const sampleTour: HelpTour = {
  tourName: 'reports',
  tips: [
    { helpTipName: 'menu', order: 2, side: 'bottom', targetId: 'reporting-menu', title: 'Reporting', helpText: '<p>Usage reports.</p>' },
    { helpTipName: 'welcome', order: 1, side: 'middle', title: 'Welcome', helpText: '<p>A short tour.</p>' },
    {
      helpTipName: 'chart',
      order: 3,
      side: 'top',
      targetId: 'usage-chart',
      skipResizeObserver: true,
      title: 'Usage',
      helpText: '<p>Clicks per month.</p>',
      helpTable: [{ key: 'Average', text: 'Clicks per period' }],
      helpTextAfterTable: '<p>Dates are dd/mm/yyyy.</p>',
    },
  ],
};

/** A tour whose only tip sits on the left of nothing: the error of spec section 5. */
export const brokenTour: HelpTour = {
  tourName: 'broken',
  tips: [{ helpTipName: 'lost', order: 1, side: 'left', title: 'Lost', helpText: 'No target' }],
};

const ids = (tour: HelpTour) => tour.tips.map((t) => helpTipId(tour.tourName, t));
const byOrder = (tips: readonly HelpTip[]) => [...tips].sort((a, b) => a.order - b.order);
const notFound = new Error(`${missingTargetMessage}: no element with id 'usage-chart'`);

const events = {
  'page.opened': [
    { type: 'page.opened', tour: sampleTour },
    { type: 'page.opened', tour: brokenTour },
  ],
  'page.closed': [
    { type: 'page.closed', tourName: sampleTour.tourName },
    { type: 'page.closed', tourName: brokenTour.tourName },
  ],
  'user.next': [{ type: 'user.next' }],
  'user.back': [{ type: 'user.back' }],
  'user.gotIt': [{ type: 'user.gotIt' }],
  'user.clickedOutside': [{ type: 'user.clickedOutside' }],
  'user.hideTips': [{ type: 'user.hideTips' }],
  'user.enableTips': [{ type: 'user.enableTips' }],
} satisfies EventSamples<HelpTipsEvent>;

const located = { type: 'xstate.done.actor.findTarget', output: undefined } as const;
const open = events['page.opened'][0];

type Step = ObservedStep<typeof helpTipsMachine>;

/** Leaving a tip that was still waiting for its target stops the wait. */
function checkWaitStopped(step: Step) {
  const left = step.previous?.matches({ touring: 'locating' }) && !step.event.type.startsWith('xstate.');
  if (left) assert.deepEqual(step.cancelled, ['findTarget'], 'the wait for the target is stopped');
}

const effects = (step: Step) => step.actions.map((a) => a.type);

/** "Show help tips again" while a tour runs or has failed: storage is cleared, the state stays. */
const stayed = (step: Step) =>
  step.event.type === 'user.enableTips' && step.previous !== undefined && !step.previous.matches('off') && !step.previous.matches('idle');

export const helpTipsModel = defineModel({
  machine: helpTipsMachine,
  inputs: {
    /** Nothing remembered: every tour starts by itself. */
    firstVisit: { saved: { allDisabled: false, disabledTips: [] } },
    /** The welcome tip of the sample tour was seen by an earlier version of the tour. */
    partlySeen: { saved: { allDisabled: false, disabledTips: [helpTipId(sampleTour.tourName, sampleTour.tips[1])] } },
    /** Hide Tips was chosen earlier. */
    tipsHidden: { saved: { allDisabled: true, disabledTips: [] } },
  },
  events,
  actors: { findTarget: { done: [undefined], error: notFound } },
  delays: { targetWait: 10_000 },
  traversal: {
    // every order of opening, closing and dismissing tours is too many; shortest paths take every edge
    simplePaths: false,
    filterEvents: (s, e) =>
      // the broken tour fails the same way from anywhere: open it only on a fresh page
      !(e.type === 'page.opened' && 'tour' in e && e.tour === brokenTour && !s.matches('idle')) &&
      // partly seen, turning tips on leads where a first visit goes: firstVisit walks that
      !(e.type === 'user.enableTips' && s.context.saved.disabledTips.length === 1),
  },
  examples: [
    // A whole first visit: the tour runs in order, back and forth, and Got it on the last tip ends it;
    // back on the page later it stays off until the settings turn tips on again.
    {
      scenario: 'firstVisit',
      events: [
        open,
        { type: 'user.gotIt' }, // not the last tip: ignored
        { type: 'user.back' }, // the first tip: ignored
        { type: 'user.next' },
        located,
        { type: 'user.back' },
        { type: 'user.next' },
        located,
        { type: 'user.next' },
        located,
        { type: 'user.next' }, // the last tip: ignored
        { type: 'user.gotIt' },
        { type: 'page.closed', tourName: brokenTour.tourName }, // not the page on screen: ignored
        { type: 'page.closed', tourName: sampleTour.tourName },
        open,
        { type: 'user.enableTips' },
        { type: 'user.hideTips' },
        { type: 'page.closed', tourName: sampleTour.tourName },
        { type: 'user.enableTips' }, // from the settings page
        open,
      ],
    },
  ],
  expect: {
    states: {
      idle: (s, step) => {
        assert.equal(s.context.tour, null, 'no page with a tour is open');
        assert.deepEqual(s.context.tips, []);
        assert.equal(shownTip(s), null);
        if (step.event.type === 'user.enableTips') {
          assert.deepEqual(effects(step), ['forgetDisabled'], 'the settings forget every dismissed tip and the flag');
          assert.deepEqual(s.context.saved, { allDisabled: false, disabledTips: [] });
        } else {
          assert.deepEqual(step.actions, []);
        }
        checkWaitStopped(step);
      },
      off: (s, step) => {
        const tour = s.context.tour!;
        assert.ok(tour, 'the page has a tour');
        assert.equal(shownTip(s), null, 'no tip shows');
        const everyTipOff = ids(tour).every((id) => s.context.saved.disabledTips.includes(id));
        assert.ok(s.context.saved.allDisabled || everyTipOff, 'a tour is off only when all tips are hidden or every tip of it is disabled');
        const e = step.event.type;
        if (e === 'user.gotIt' || e === 'user.clickedOutside') {
          const prev = step.previous as HelpTipsSnapshot;
          assert.ok(prev.matches({ touring: 'showing' }), 'the tip was on screen');
          if (e === 'user.gotIt') assert.equal(prev.context.index, prev.context.tips.length - 1, 'Got it is on the last tip');
          assert.deepEqual(step.actions, [{ type: 'saveDisabledTips', params: { ids: ids(tour) } }], 'every tip of the tour is disabled, in storage');
          assert.equal(s.context.saved.allDisabled, prev.context.saved.allDisabled, 'other tours are untouched');
        } else if (e === 'user.hideTips') {
          assert.deepEqual(effects(step), ['saveAllDisabled'], 'the global flag is stored');
          assert.equal(s.context.saved.allDisabled, true);
        } else if (e === 'page.closed') {
          assert.notEqual(step.event.tourName, tour.tourName, 'only the close of another page leaves the tour as it is');
          assert.deepEqual(step.actions, []);
        } else {
          assert.equal(e, 'page.opened', 'otherwise the page opened with its tour already off');
          assert.deepEqual(step.actions, [], 'opening a page stores nothing');
        }
      },
      touring: (s, step) => {
        const tour = s.context.tour!;
        const disabled = (t: HelpTip) => s.context.saved.disabledTips.includes(helpTipId(tour.tourName, t));
        const fresh = byOrder(tour.tips).filter((t) => !disabled(t));
        const e = step.event.type;
        if (e === 'page.opened' || (e === 'user.enableTips' && step.previous!.matches('off'))) {
          assert.deepEqual(s.context.tips, fresh, 'a tour starts with its tips not yet disabled, in order');
          assert.equal(s.context.index, 0, 'from its first tip');
        }
        assert.ok(s.context.tips.every((t) => tour.tips.includes(t) && !disabled(t)), 'a disabled tip never shows');
        assert.deepEqual(s.context.tips, byOrder(s.context.tips), 'tips run in their order');
        assert.equal(s.context.saved.allDisabled, false, 'tips are not hidden');
        assert.ok(s.context.index >= 0 && s.context.index < s.context.tips.length);
        assert.ok(!effects(step).some((a) => a.startsWith('save')), 'moving through a tour stores nothing');
        if (e === 'user.enableTips') {
          assert.deepEqual(effects(step), ['forgetDisabled'], 'the settings forget every dismissed tip and the flag');
          if (!step.previous!.matches('off')) {
            assert.equal(s.context.index, step.previous!.context.index, 'a tour on screen carries on where it was');
          }
        }
      },
      'touring.locating': (s, step) => {
        const tip = s.context.tips[s.context.index];
        assert.notEqual(tip.side, 'middle', 'a middle tip has nothing to wait for');
        assert.ok(tip.targetId);
        assert.equal(shownTip(s), null, 'nothing shows until the target is there');
        if (stayed(step)) {
          assert.deepEqual(step.invoked, [], 'the wait goes on');
        } else {
          assert.deepEqual(step.invoked, [
            {
              src: 'findTarget',
              id: 'findTarget',
              input: { targetId: tip.targetId, skipResizeObserver: tip.skipResizeObserver === true },
            },
          ]);
        }
      },
      'touring.showing': (s, step) => {
        const shown = shownTip(s)!;
        assert.deepEqual(shown, { tip: s.context.tips[s.context.index], index: s.context.index, count: s.context.tips.length });
        const prev = step.previous;
        const e = step.event.type;
        if (e === 'page.opened' || (e === 'user.enableTips' && prev?.matches('off'))) {
          assert.equal(shown.tip.side, 'middle', 'a tour shows at once only when its first tip is in the middle');
        } else if (prev?.matches({ touring: 'locating' })) {
          assert.equal(step.event.type, located.type, 'a targeted tip shows once its target is found');
        } else if (prev?.matches({ touring: 'showing' })) {
          const { index, tips } = prev.context;
          const expected =
            e === 'user.next' && index < tips.length - 1
              ? index + 1
              : e === 'user.back' && index > 0
                ? index - 1
                : index;
          assert.equal(s.context.index, expected, 'Next and Back move one tip; at either end they do nothing');
        } else {
          assert.equal(shown.tip.side, 'middle', 'only a middle tip shows without waiting for a target');
        }
        if (shown.tip.side === 'middle') assert.deepEqual(step.invoked, [], 'a middle tip needs no target');
        checkWaitStopped(step);
      },
      failed: (s, step) => {
        const tip = s.context.tips[s.context.index];
        assert.notEqual(tip.side, 'middle');
        assert.ok(s.context.error?.startsWith(missingTargetMessage), 'the spec’s error');
        assert.equal(shownTip(s), null);
        if (stayed(step)) {
          assert.deepEqual(effects(step), ['forgetDisabled'], 'turning tips on does not raise the error again');
          return;
        }
        const e = step.event.type;
        if (e.startsWith('xstate.error.actor.')) assert.equal(s.context.error, notFound.message, 'the target was not found');
        else if (e.startsWith('xstate.after.')) {
          assert.match(s.context.error!, new RegExp(`no element with id '${tip.targetId}' appeared`), 'waited too long');
        } else assert.equal(tip.targetId, undefined, 'a tip off the middle without a target fails at once');
        assert.deepEqual(step.actions.at(-1), { type: 'reportError', params: { message: s.context.error } }, 'the error is raised');
        assert.deepEqual(effects(step), e === 'user.enableTips' ? ['forgetDisabled', 'reportError'] : ['reportError']);
      },
    },
  },
});
