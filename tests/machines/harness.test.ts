/** The harness itself: statechart structure, replay through transient states, coverage gaps. */
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import type { AccountValidationEvent } from '../../machines/accountValidation';
import { coverageOf, defineModel, edgesOf, effectsOf, replay, type EventSamples } from './harness/model';

// @ts-expect-error an event type without a sample does not compile
const _missingSample = { 'user.submit': [{ type: 'user.submit', code: '1' }] } satisfies EventSamples<AccountValidationEvent>;
void _missingSample;

const toy = setup({
  types: { events: {} as { type: 'go' } | { type: 'never.sent' }, context: {} as { n: number } },
  actors: { load: fromPromise<number, void>(async () => 1) },
  delays: { pause: 10 },
}).createMachine({
  id: 'toy',
  context: { n: 0 },
  initial: 'routing',
  states: {
    routing: { always: 'idle' },
    idle: { on: { go: 'loading', 'never.sent': 'unreachable' } },
    loading: { invoke: { id: 'load', src: 'load', onDone: 'waiting', onError: 'idle' } },
    waiting: { after: { pause: 'idle' } },
    unreachable: {},
  },
});

describe('model harness', () => {
  it('lists distinct (source, event, target) edges, eventless and effect ones included', () => {
    expect(edgesOf(toy).map((e) => e.key)).toEqual([
      'toy.routing --(always)--> toy.idle',
      'toy.idle --go--> toy.loading',
      'toy.idle --never.sent--> toy.unreachable',
      'toy.loading --xstate.done.actor.load--> toy.waiting',
      'toy.loading --xstate.error.actor.load--> toy.idle',
      'toy.waiting --xstate.after.pause.toy.waiting--> toy.idle',
    ]);
    expect([...effectsOf(toy).values()].map((e) => e.kind)).toEqual(['done', 'error', 'after']);
  });

  it('reports what the paths miss, and everything for a machine without a model', () => {
    const model = defineModel({
      machine: toy,
      inputs: { only: undefined },
      // the sample for never.sent is filtered out below, so its edge is never taken
      events: { go: [{ type: 'go' }], 'never.sent': [{ type: 'never.sent' }] },
      actors: { load: { done: [1] } },
      delays: { pause: 10 },
      traversal: { filterEvents: (_s, e) => e.type !== 'never.sent' },
      expect: { states: {} },
    });
    const coverage = coverageOf(toy, model);
    expect(coverage.states).toEqual({ covered: 4, total: 5, missing: ['toy.unreachable'] });
    expect(coverage.transitions.missing).toEqual(['toy.idle --never.sent--> toy.unreachable']);
    expect(coverageOf(toy, undefined).transitions.covered).toBe(0);
  });

  it('refuses an invoke without an explicit id: its done event would have a generated name', () => {
    const unnamed = setup({ actors: { load: fromPromise<number, void>(async () => 1) } }).createMachine({
      id: 'unnamed',
      initial: 'loading',
      states: { loading: { invoke: { src: 'load', onDone: 'done' } }, done: {} },
    });
    expect(() => effectsOf(toy)).not.toThrow();
    expect(() => effectsOf(unnamed)).toThrow("unnamed.loading: give the invoke of 'load' an id");
  });

  it('replays through a transient state and records each transition the microsteps take', () => {
    const [start, loading, waiting] = replay(toy, undefined, [{ type: 'go' }, { type: 'xstate.done.actor.load', output: 1 }]);
    expect(start.edges).toEqual(['toy.routing --(always)--> toy.idle']);
    expect(start.visited.sort()).toEqual(['toy.idle', 'toy.routing']);
    expect(loading.edges).toEqual(['toy.idle --go--> toy.loading']);
    expect(waiting.edges).toEqual(['toy.loading --xstate.done.actor.load--> toy.waiting']);
    expect(waiting.snapshot.value).toBe('waiting');
  });
});
