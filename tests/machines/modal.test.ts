import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { modalMachine } from '../../machines/modal';
import { describeModel } from './harness/vitest';
import { authFailure, failedLoad, failedSave, modalModel } from './models/modal.model';

describeModel(modalModel);

describe('modal queue on a real actor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const shown = (actor: ReturnType<typeof createActor<typeof modalMachine>>) => {
    const { current, queue } = actor.getSnapshot().context;
    return { current: current && current.text, queue: queue.map((m) => m.text) };
  };

  it('fades in and out in 750 ms', () => {
    const actor = createActor(modalMachine).start();
    actor.send(failedLoad);
    expect(actor.getSnapshot().value).toBe('opening');
    vi.advanceTimersByTime(749);
    expect(actor.getSnapshot().value).toBe('opening');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'modal.dismiss' });
    expect(actor.getSnapshot().value).toBe('closing');
    vi.advanceTimersByTime(749);
    expect(actor.getSnapshot().value).toBe('closing');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.current).toBeNull();
    actor.stop();
  });

  it('does not queue a message that is showing or waiting (same title and text)', () => {
    const actor = createActor(modalMachine).start();
    actor.send(failedLoad);
    actor.send(failedLoad);
    actor.send(authFailure);
    actor.send(authFailure);
    actor.send({ ...failedLoad, level: 998 });
    expect(shown(actor)).toEqual({ current: 'Failed to load plans', queue: ['Authentication Failure'] });
    // same title, other text: a different message
    actor.send(failedSave);
    expect(shown(actor).queue).toEqual(['Authentication Failure', 'Failed to save settings']);
    actor.stop();
  });

  it('shows messages one at a time, first in first out', () => {
    const actor = createActor(modalMachine).start();
    actor.send(failedLoad);
    actor.send(authFailure);
    actor.send(failedSave);
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(750);
      expect(actor.getSnapshot().value).toBe('open');
      seen.push(actor.getSnapshot().context.current!.text);
      actor.send({ type: 'modal.dismiss' });
      vi.advanceTimersByTime(750);
    }
    expect(seen).toEqual(['Failed to load plans', 'Authentication Failure', 'Failed to save settings']);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });

  it('stacks ordinary dialogs at level 497 and those that must cover everything at 998', () => {
    const actor = createActor(modalMachine).start();
    actor.send(failedLoad);
    actor.send(authFailure);
    const { current, queue } = actor.getSnapshot().context;
    expect(current!.level).toBe(497);
    expect(queue[0].level).toBe(998);
    actor.stop();
  });
});
