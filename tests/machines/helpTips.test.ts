import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { helpTipKey, helpTipsDisabledKey, missingTargetMessage } from '../../contract/shared/helpTips';
import { helpTipsMachine, shownTip, type FindTargetInput, type HelpTipsSaved } from '../../machines/helpTips';
import { describeModel } from './harness/vitest';
import { brokenTour, helpTipsModel, sampleTour } from './models/helpTips.model';

describeModel(helpTipsModel);

describe('help-tip tours on a real actor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The app's effects, faked: a storage map, a page whose elements appear when the test says so. */
  function start(saved: HelpTipsSaved = { allDisabled: false, disabledTips: [] }) {
    const storage = new Map<string, string>();
    const onPage = new Set<string>();
    const waiting = new Map<string, () => void>();
    const errors: string[] = [];
    const lookups: FindTargetInput[] = [];
    const machine = helpTipsMachine.provide({
      actors: {
        findTarget: fromPromise<void, FindTargetInput>(({ input, signal }) => {
          lookups.push(input);
          if (onPage.has(input.targetId)) return Promise.resolve();
          if (input.skipResizeObserver) return Promise.reject(new Error(`${missingTargetMessage}: no element with id '${input.targetId}'`));
          return new Promise<void>((resolve) => {
            waiting.set(input.targetId, resolve);
            signal.addEventListener('abort', () => waiting.delete(input.targetId));
          });
        }),
      },
      actions: {
        saveDisabledTips: (_, { ids }) => ids.forEach((id) => storage.set(helpTipKey(id), 'disabled')),
        saveAllDisabled: () => storage.set(helpTipsDisabledKey, 'true'),
        forgetDisabled: () => storage.clear(),
        reportError: (_, { message }) => errors.push(message),
      },
    });
    const actor = createActor(machine, { input: { saved } }).start();
    const appear = async (id: string) => {
      onPage.add(id);
      waiting.get(id)?.();
      await vi.advanceTimersByTimeAsync(0);
    };
    const title = () => {
      const shown = shownTip(actor.getSnapshot());
      return shown && `${shown.tip.title} (${shown.index + 1}/${shown.count})`;
    };
    return { actor, storage, errors, lookups, appear, title, onPage, waiting };
  }

  it('starts by itself on a first visit and runs the tips in their order, waiting for a late target', async () => {
    const { actor, appear, title, lookups } = start();
    actor.send({ type: 'page.opened', tour: sampleTour });
    expect(title()).toBe('Welcome (1/3)');
    actor.send({ type: 'user.next' });
    expect(title()).toBeNull();
    expect(lookups).toEqual([{ targetId: 'reporting-menu', skipResizeObserver: false }]);
    await vi.advanceTimersByTimeAsync(5_000);
    await appear('reporting-menu');
    expect(title()).toBe('Reporting (2/3)');
    actor.send({ type: 'user.back' });
    expect(title()).toBe('Welcome (1/3)');
    actor.stop();
  });

  it('"Got it" on the last tip disables the tour in storage; the next visit does not show it', async () => {
    const { actor, appear, title, storage } = start();
    await appear('reporting-menu');
    await appear('usage-chart');
    actor.send({ type: 'page.opened', tour: sampleTour });
    actor.send({ type: 'user.gotIt' });
    expect(title(), 'Got it is only on the last tip').toBe('Welcome (1/3)');
    actor.send({ type: 'user.next' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'user.next' });
    await vi.advanceTimersByTimeAsync(0);
    expect(title()).toBe('Usage (3/3)');
    actor.send({ type: 'user.gotIt' });
    expect(title()).toBeNull();
    expect([...storage.keys()].sort()).toEqual([
      'portal.helptips.tip.reports.chart',
      'portal.helptips.tip.reports.menu',
      'portal.helptips.tip.reports.welcome',
    ]);
    actor.send({ type: 'page.closed', tourName: 'reports' });
    actor.send({ type: 'page.opened', tour: sampleTour });
    expect(actor.getSnapshot().value).toBe('off');
    actor.stop();
  });

  it('a click outside disables the tour; Hide Tips disables every tour with the global flag', () => {
    const first = start();
    first.actor.send({ type: 'page.opened', tour: sampleTour });
    first.actor.send({ type: 'user.clickedOutside' });
    expect(first.actor.getSnapshot().value).toBe('off');
    expect(first.storage.has('portal.helptips.tip.reports.menu')).toBe(true);
    expect(first.storage.has(helpTipsDisabledKey)).toBe(false);

    const second = start();
    second.actor.send({ type: 'page.opened', tour: sampleTour });
    second.actor.send({ type: 'user.hideTips' });
    expect(second.storage.get(helpTipsDisabledKey)).toBe('true');
    expect([...second.storage.keys()]).toEqual([helpTipsDisabledKey]);
    const other = { tourName: 'tokens', tips: [{ ...sampleTour.tips[1], helpTipName: 'intro' }] };
    second.actor.send({ type: 'page.opened', tour: other });
    expect(second.actor.getSnapshot().value, 'another page’s tour stays off too').toBe('off');
  });

  it('turning tips back on forgets everything and restarts the tour of the page on screen', () => {
    const { actor, storage, title } = start({ allDisabled: true, disabledTips: ['reports.welcome'] });
    storage.set(helpTipsDisabledKey, 'true');
    actor.send({ type: 'page.opened', tour: sampleTour });
    expect(actor.getSnapshot().value).toBe('off');
    actor.send({ type: 'user.enableTips' });
    expect(storage.size).toBe(0);
    expect(title()).toBe('Welcome (1/3)');
  });

  it('shows only the tips not yet disabled: a tip added to a tour later shows on its own', async () => {
    const { actor, appear, title } = start({ allDisabled: false, disabledTips: ['reports.welcome', 'reports.menu'] });
    await appear('usage-chart');
    actor.send({ type: 'page.opened', tour: sampleTour });
    await vi.advanceTimersByTimeAsync(0);
    expect(title()).toBe('Usage (1/1)');
  });

  it(`raises '${missingTargetMessage}' for a tip off the middle without a target, and stores nothing`, () => {
    const { actor, errors, storage } = start();
    actor.send({ type: 'page.opened', tour: brokenTour });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(errors).toEqual([`${missingTargetMessage}: tip 'lost' of tour 'broken' names no target`]);
    expect(storage.size).toBe(0);
  });

  it('gives up on a target that never appears after 10 s, and at once with skipResizeObserver', async () => {
    const never = start();
    never.actor.send({ type: 'page.opened', tour: sampleTour });
    never.actor.send({ type: 'user.next' });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(never.actor.getSnapshot().matches({ touring: 'locating' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(never.errors).toEqual([`${missingTargetMessage}: no element with id 'reporting-menu' appeared for tip 'menu' of tour 'reports'`]);
    expect(never.waiting.size, 'the wait is stopped').toBe(0);

    const skip = start({ allDisabled: false, disabledTips: ['reports.welcome', 'reports.menu'] });
    skip.actor.send({ type: 'page.opened', tour: sampleTour });
    await vi.advanceTimersByTimeAsync(0);
    expect(skip.errors).toEqual([`${missingTargetMessage}: no element with id 'usage-chart'`]);
  });

  it('leaving the page stops the tour and its wait; a late close of another page changes nothing', async () => {
    const { actor, waiting } = start();
    actor.send({ type: 'page.opened', tour: sampleTour });
    actor.send({ type: 'user.next' });
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.size).toBe(1);
    actor.send({ type: 'page.closed', tourName: 'broken' });
    expect(actor.getSnapshot().matches({ touring: 'locating' })).toBe(true);
    actor.send({ type: 'page.closed', tourName: 'reports' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(waiting.size).toBe(0);
  });
});
