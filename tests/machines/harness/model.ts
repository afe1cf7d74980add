/**
 * Model-based testing harness for the portal's statecharts (STYLE.md, "Model-based tests").
 *
 * A machine declares ONE description with `defineModel`: the machine itself, named inputs, sample
 * events for every event type, sample outputs for every invoked actor and the expected length of every
 * named delay, plus the machine-level assertion map. Effects are not run: an invoked actor settling is
 * the plain event `xstate.done.actor.<invoke id>` / `xstate.error.actor.<invoke id>` with a sample
 * output or error, and a delay elapsing is `xstate.after.<delay>.<stateId>` (both derived from the
 * machine; every invoke carries an explicit id). From the description the harness derives
 *   - the paths to test: for each input, the xstate/graph shortest path to every state, the same plus
 *     one more event for every enabled (state, event) edge, simple paths where the model allows (few),
 *     and the model's `examples`; each replayed once (./replay.ts) so its steps record the statechart
 *     transitions taken;
 *   - the coverage of states and transitions against those paths (`coverageOf`).
 * Running the paths against a system under test is the job of a driver (./driver.ts: ./actorDriver.ts
 * drives the real actor; a browser driver can walk the same `paths` with its own `{ states, events }`).
 *
 * Only public API: xstate/graph (`TestModel`, `getStateNodes`, `serializeSnapshot`) and xstate
 * (`getInitialMicrosteps`, `getMicrosteps`, `getNextTransitions`, `snapshot.can`, `matchesState`).
 * This module must stay importable from plain `tsx` (tools/paths.ts): no test-runner imports.
 */
import type { ActorLogic, AnyEventObject, AnyMachineSnapshot, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { TestModel, serializeSnapshot } from 'xstate/graph';
import { replay } from './replay';
import { edgesOf, effectsOf, stateNodesOf } from './structure';
import type { AnyModel, EffectInfo, InitEvent, Model, ModelDescription, ModelEvent, ModelPath } from './types';

export type * from './types';
export { edgesOf, effectsOf, stateLabel, stateNodesOf, transitionKey } from './structure';
export { eventLabel, shortEventLabel, showValue } from './labels';
export { replay } from './replay';

/** The machine as the model runs it: the registered one with the model's `provide` applied. */
export function modelMachine<M extends AnyStateMachine>(d: ModelDescription<M>): M {
  return (d.provide ? d.machine.provide(d.provide as never) : d.machine) as M;
}

function sampleEvents<M extends AnyStateMachine>(d: ModelDescription<M>, effects: Map<string, EffectInfo>) {
  const events: AnyEventObject[] = Object.values(d.events).flatMap((samples) => [...(samples as AnyEventObject[])]);
  const actors = d.actors as Record<string, { done: readonly unknown[]; error?: unknown }>;
  for (const [type, info] of effects) {
    if (info.kind === 'after') {
      events.push({ type });
      continue;
    }
    const sample = actors[info.src];
    if (!sample) throw new Error(`${d.machine.id}: no sample outputs for actor '${info.src}'`);
    if (info.kind === 'done') {
      for (const output of sample.done) events.push({ type, output, actorId: info.invokeId });
    } else {
      events.push({ type, error: sample.error ?? new Error(`${info.src} failed`), actorId: info.invokeId });
    }
  }
  return events;
}

const eventKey = (e: AnyEventObject) => JSON.stringify(e);

/** Drops paths whose event sequence is a prefix of (or equal to) another path of the same scenario. */
function dropPrefixes<T extends { events: AnyEventObject[] }>(paths: T[]): T[] {
  const sorted = [...paths].sort((a, b) => b.events.length - a.events.length);
  const kept: T[] = [];
  for (const p of sorted) {
    const keys = p.events.map(eventKey);
    const covered = kept.some((k) => keys.every((key, i) => eventKey(k.events[i]) === key));
    if (!covered) kept.push(p);
  }
  return kept.reverse();
}

type Candidate = {
  origin: ModelPath<AnyStateMachine>['origin'];
  events: AnyEventObject[];
  /** Dropped when its last event takes no transition. */
  mustMove?: boolean;
};

function generatePaths<M extends AnyStateMachine>(d: ModelDescription<M>, effects: Map<string, EffectInfo>) {
  const machine = modelMachine(d);
  const events = sampleEvents(d, effects);
  const filter = d.traversal?.filterEvents as ((s: AnyMachineSnapshot, e: AnyEventObject) => boolean) | undefined;
  /** The sample events that make the snapshot move (`snapshot.can`: a transition, guards evaluated). */
  const enabledEvents = (snapshot: AnyMachineSnapshot) => {
    if (snapshot.status !== 'active') return [];
    return events.filter((e) => snapshot.can(e) && (!filter || filter(snapshot, e)));
  };
  const serialize = d.traversal?.serializeState;
  const testModel = new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(
    machine as unknown as ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown>,
    {
      // A function, so that only events the state answers are sent: xstate/graph would otherwise send
      // every sample everywhere, and an unhandled `xstate.error.actor.*` puts the machine in error.
      events: enabledEvents,
      serializeState: serialize
        ? (s) => `${s.status}|${serialize(s as SnapshotFrom<M>)}`
        : (s) => `${s.status}|${serializeSnapshot(s)}`,
      filterEvents: filter,
      limit: d.traversal?.limit ?? 5000,
    },
  );
  const paths: ModelPath<M>[] = [];
  for (const x of d.examples ?? []) {
    if (!(x.scenario in d.inputs)) throw new Error(`${machine.id}: example for unknown scenario '${x.scenario}'`);
  }
  for (const [scenario, input] of Object.entries(d.inputs)) {
    // Shortest paths reach every state; one more step from each reaches every (state, event) edge,
    // which is what covers transitions into states reached before (error -> editing, ...).
    const shortest = testModel.getShortestPaths({ input, allowDuplicatePaths: true });
    const candidates: Candidate[] = shortest.flatMap((p) => {
      const head = p.steps.slice(1).map((s) => s.event);
      const next = enabledEvents(p.state).map(
        (e): Candidate => ({ origin: 'transition', events: [...head, e], mustMove: true }),
      );
      return [{ origin: 'shortest', events: head }, ...next];
    });
    if (d.traversal?.simplePaths !== false) {
      for (const p of testModel.getSimplePaths({ input })) {
        candidates.push({ origin: 'simple', events: p.steps.slice(1).map((s) => s.event) });
      }
    }
    const examples = (d.examples ?? [])
      .filter((x) => x.scenario === scenario)
      .map((x): Candidate => ({ origin: 'example', events: [...x.events] as AnyEventObject[] }));
    const replayedCandidates = candidates
      .map((c) => ({ ...c, replayed: replay(machine, input, c.events) }))
      .filter((c) => !c.mustMove || c.replayed.at(-1)!.edges.length > 0);
    dropPrefixes(replayedCandidates)
      .concat(examples.map((c) => ({ ...c, replayed: replay(machine, input, c.events) })))
      .forEach(({ origin, events: pathEvents, replayed }, i) => {
        const failed = replayed.findIndex((r) => r.snapshot.status === 'error');
        if (failed >= 0) {
          const sent = pathEvents.slice(0, failed).map((e) => e.type).join(' -> ');
          throw new Error(`${machine.id} (${scenario}): the machine errored after ${sent}`);
        }
        paths.push({
          name: `${scenario} #${i + 1}`,
          scenario,
          input: input as InputFrom<M>,
          origin,
          steps: replayed.map((r, j) => ({
            event: (j === 0 ? { type: 'xstate.init' } : pathEvents[j - 1]) as ModelEvent<M> | InitEvent,
            state: r.snapshot as SnapshotFrom<M>,
            edges: r.edges,
            visited: r.visited,
          })),
        });
      });
  }
  return paths;
}

/** Declares a machine's model. Paths are generated on first use of `paths`. */
export function defineModel<M extends AnyStateMachine>(description: ModelDescription<M>): Model<M> {
  const effects = effectsOf(description.machine);
  let paths: ModelPath<M>[] | undefined;
  return {
    id: description.machine.id,
    machine: description.machine,
    description,
    effects,
    get paths() {
      return (paths ??= generatePaths(description, effects));
    },
  };
}

export type Coverage = {
  id: string;
  hasModel: boolean;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
};

/**
 * States: every state node below the root (`getStateNodes(machine.root)`); covered when a path enters
 * or passes through it. Transitions: every distinct (source, event, target) edge (`edgesOf`); covered
 * when a path takes it. Both are measured on the replayed `model.paths`, i.e. what the tests run.
 */
export function coverageOf(machine: AnyStateMachine, model: AnyModel | undefined): Coverage {
  const states = stateNodesOf(machine).map((n) => n.id);
  const edges = edgesOf(machine).map((e) => e.key);
  const seenStates = new Set<string>();
  const seenEdges = new Set<string>();
  for (const path of model?.paths ?? []) {
    for (const step of path.steps) {
      step.visited.forEach((s: string) => seenStates.add(s));
      step.edges.forEach((e: string) => seenEdges.add(e));
    }
  }
  return {
    id: machine.id,
    hasModel: model !== undefined,
    states: {
      covered: states.filter((s) => seenStates.has(s)).length,
      total: states.length,
      missing: states.filter((s) => !seenStates.has(s)),
    },
    transitions: {
      covered: edges.filter((e) => seenEdges.has(e)).length,
      total: edges.length,
      missing: edges.filter((e) => !seenEdges.has(e)),
    },
  };
}

/** The model of a registered machine (same machine object), if one is declared. */
export function findModel(models: readonly AnyModel[], machine: AnyStateMachine): AnyModel | undefined {
  return models.find((m) => m.machine === machine);
}
