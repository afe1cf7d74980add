/**
 * Model-based testing harness for the portal's statecharts (STYLE.md, "Model-based tests").
 *
 * A machine declares ONE description with `defineModel`: the machine itself, named inputs, sample
 * events for every event type, sample outputs for every invoked actor and the expected length of every
 * named delay, plus the machine-level assertion map. Effects are not run: an invoked actor settling is
 * the plain event `xstate.done.actor.<invokeId>` / `xstate.error.actor.<invokeId>` with a sample
 * output or error, and a delay elapsing is `xstate.after.<delay>.<stateId>` (both derived from the
 * machine). From the description the harness derives
 *   - the paths to test: for each input, the xstate/graph shortest path to every state, the same plus
 *     one more event for every (state, event) edge, simple paths where the model allows (few), and the
 *     model's `examples`; each replayed once so its steps record the statechart transitions taken;
 *   - the coverage of states and transitions against those paths (`coverageOf`).
 * Running the paths against a system under test is the job of a driver (./driver.ts: ./actorDriver.ts
 * drives the real actor; a browser driver can walk the same `paths` with its own `{ states, events }`).
 *
 * This module must stay importable from plain `tsx` (tools/paths.ts): no test-runner imports.
 */
import {
  __unsafe_getAllOwnEventDescriptors as getAllOwnEventDescriptors,
  createEmptyActor,
  type ActorLogic,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type OutputFrom,
  type ProvidedActor,
  type SnapshotFrom,
  type StateMachine,
} from 'xstate';
import { TestModel, getStateNodes, serializeSnapshot } from 'xstate/graph';

// ---------------------------------------------------------------------------------------------------
// Types read off a machine

/* eslint-disable @typescript-eslint/no-explicit-any -- positions of StateMachine we do not read */
type ActorsOf<M> =
  M extends StateMachine<any, any, any, infer TActor, any, any, any, any, any, any, any, any, any, any, any>
    ? TActor
    : never;
type DelaysOf<M> =
  M extends StateMachine<any, any, any, any, any, any, infer TDelay, any, any, any, any, any, any, any, any>
    ? TDelay
    : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

type SrcOf<A> = A extends { src: infer S extends string } ? S : never;

/** The `src` names of the actors a machine invokes (from `setup({ actors })`). */
export type ActorSrc<M> = SrcOf<ActorsOf<M>>;
/** The output type of the actor named `K`. */
export type ActorOutput<M, K> = OutputFrom<Extract<ActorsOf<M>, { src: K }> extends ProvidedActor
  ? Extract<ActorsOf<M>, { src: K }>['logic']
  : never>;
/** The names of a machine's delays (from `setup({ delays })`). */
export type DelayName<M> = DelaysOf<M> & string;

type PathsOf<V> = V extends string
  ? V
  : V extends object
    ? { [K in keyof V & string]: K | `${K}.${PathsOf<V[K]>}` }[keyof V & string]
    : never;
/** Every state of a machine as a dotted path (`'authenticated'`, `'upload.sending'`). */
export type StateKey<M extends AnyStateMachine> = PathsOf<SnapshotFrom<M>['value']>;

/** The event types a machine declares in `setup({ types: { events } })`. */
export type MachineEvent<M extends AnyStateMachine> = EventFromLogic<M>;

/**
 * What stands in for the machine's effects in a model: an invoked actor resolving or rejecting, and a
 * delay elapsing. The harness derives them from the machine (invoke ids, `after` event types).
 */
export type EffectEvent =
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId?: string }
  | { type: `xstate.error.actor.${string}`; error: unknown; actorId?: string }
  | { type: `xstate.after.${string}` };

export type InitEvent = { type: 'xstate.init' };
export type ModelEvent<M extends AnyStateMachine> = MachineEvent<M> | EffectEvent;

// ---------------------------------------------------------------------------------------------------
// The description a machine declares

/**
 * Sample values for every event type of a union: one required key per type, at least one sample each.
 * Write samples as `{ ... } satisfies EventSamples<MyEvent>` so that a new event type without a sample
 * does not compile.
 */
export type EventSamples<TEvent extends EventObject> = {
  readonly [K in TEvent['type']]: readonly [Extract<TEvent, { type: K }>, ...Extract<TEvent, { type: K }>[]];
};

/** Sample results of every invoked actor, by `src`: what it resolves with, and what it rejects with. */
export type ActorSamples<M> = {
  readonly [K in ActorSrc<M>]: {
    readonly done: readonly [ActorOutput<M, K>, ...ActorOutput<M, K>[]];
    /** Defaults to `new Error('<src> failed')`. One value: errors do not serialise to distinct keys. */
    readonly error?: unknown;
  };
};

/** The expected length of each named delay, from the spec: a constant or a function of the snapshot. */
export type DelaySamples<M extends AnyStateMachine> = {
  readonly [K in DelayName<M>]: number | ((snapshot: SnapshotFrom<M>) => number);
};

/** One recorded effect of the real actor: a custom action it executed. */
export type ExecutedAction = { type: string; params: unknown };
/** One recorded invocation of an actor: its `src`, invoke id and input. */
export type Invocation = { src: string; id: string; input: unknown };

/** What a machine-level state assertion sees besides the snapshot: the step that led here. */
export type ObservedStep<M extends AnyStateMachine> = {
  /** The scenario (key of `inputs`) and its input. */
  scenario: string;
  input: InputFrom<M>;
  /** The event of this step (`xstate.init` for the first one). */
  event: ModelEvent<M> | InitEvent;
  /** The snapshot before the event (undefined for the first step). */
  previous: SnapshotFrom<M> | undefined;
  /** Custom actions executed during this step, in order (assign and other built-ins excluded). */
  actions: ExecutedAction[];
  /** Actors invoked during this step. */
  invoked: Invocation[];
  /** Invoke ids whose actors were stopped (their `signal` aborted) during this step. */
  cancelled: string[];
  /** The steps before this one, oldest first. */
  history: ObservedStep<M>[];
};

/**
 * The machine-level assertion map: `states` checks the real actor's snapshot in each state (any state
 * key the snapshot matches runs). A browser driver supplies its own map of the same keys.
 */
export type MachineAssertions<M extends AnyStateMachine> = {
  states: { readonly [K in StateKey<M>]?: (snapshot: SnapshotFrom<M>, step: ObservedStep<M>) => void };
};

export type ModelDescription<M extends AnyStateMachine> = {
  machine: M;
  /** Named inputs; each is traversed separately (e.g. with and without a saved user). */
  inputs: { readonly [scenario: string]: InputFrom<M> };
  events: EventSamples<MachineEvent<M>>;
  actors: ActorSamples<M>;
  delays: DelaySamples<M>;
  /** Bounds for machines whose context grows. */
  traversal?: {
    /** Key that identifies a snapshot; defaults to value + context. */
    serializeState?: (snapshot: SnapshotFrom<M>) => string;
    filterEvents?: (snapshot: SnapshotFrom<M>, event: ModelEvent<M>) => boolean;
    /** Maximum adjacency-map iterations (default 5000). */
    limit?: number;
    /** Also add every simple path (default true; turn off where they are many). */
    simplePaths?: boolean;
  };
  /**
   * Event sequences worth walking that traversal does not produce, e.g. an event a guard ignores (the
   * graph has no edge for it). Replayed and run like the generated paths.
   */
  examples?: ReadonlyArray<{ scenario: string; events: readonly ModelEvent<M>[] }>;
  expect: MachineAssertions<M>;
};

// ---------------------------------------------------------------------------------------------------
// The model derived from a description

/** A distinct (source state node, event, target) edge of the statechart. */
export type Edge = {
  /** `source --event--> target`, unique per machine. */
  key: string;
  source: string;
  /** The event type; `''` for an eventless (`always`) transition. */
  event: string;
  /** Target state node ids; empty for a targetless transition (actions only). */
  targets: string[];
};

export type EffectInfo =
  | { kind: 'done'; invokeId: string; src: string }
  | { kind: 'error'; invokeId: string; src: string }
  | { kind: 'after'; delay: string | number; stateId: string };

export type ModelStep<M extends AnyStateMachine> = {
  /** The event that led to `state` (`xstate.init` for the first step). */
  event: ModelEvent<M> | InitEvent;
  state: SnapshotFrom<M>;
  /** Statechart edges taken in this step (including eventless ones that followed). */
  edges: string[];
  /** State node ids entered or passed through in this step (transient states included). */
  visited: string[];
};

export type ModelPath<M extends AnyStateMachine> = {
  /** `<scenario> #<n>`, stable for a given machine and description. */
  name: string;
  scenario: string;
  input: InputFrom<M>;
  /**
   * `shortest`: shortest path to a state; `transition`: a shortest path plus one event, so that every
   * (state, event) edge is walked; `simple`: a simple path; `example`: listed in `examples`.
   */
  origin: 'shortest' | 'transition' | 'simple' | 'example';
  steps: ModelStep<M>[];
};

export type Model<M extends AnyStateMachine = AnyStateMachine> = {
  readonly id: string;
  readonly machine: M;
  readonly description: ModelDescription<M>;
  /** The plain events standing in for effects, by event type. */
  readonly effects: ReadonlyMap<string, EffectInfo>;
  /** The paths the model-based tests run (computed once, on first use). */
  readonly paths: readonly ModelPath<M>[];
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of models of different machines
export type AnyModel = Model<any>;

// ---------------------------------------------------------------------------------------------------
// Statechart structure

/** All state nodes of a machine, root excluded (xstate/graph `getStateNodes`). */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root);
}

const edgeKey = (source: string, event: string, targets: readonly string[]) =>
  `${source} --${event === '' ? '(always)' : event}--> ${targets.length ? targets.join(',') : '(no target)'}`;

function toEdge(t: AnyTransitionDefinition): Edge {
  const source = t.source.id;
  const event = String(t.eventType);
  const targets = (t.target ?? []).map((n) => n.id);
  return { key: edgeKey(source, event, targets), source, event, targets };
}

/** The `Edge.key` of a transition definition (as seen in `@xstate.microstep` inspection events). */
export const transitionKey = (t: AnyTransitionDefinition) => toEdge(t).key;

/**
 * Every distinct (source, event, target) edge of the statechart, read from each state node's
 * `transitions` (which include `on`, `after` and invoke `onDone`/`onError`) and `always`. Guarded
 * alternatives with the same source, event and target count once.
 */
export function edgesOf(machine: AnyStateMachine): Edge[] {
  const edges = new Map<string, Edge>();
  for (const node of [machine.root, ...stateNodesOf(machine)]) {
    const defs = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const t of defs) {
      const edge = toEdge(t);
      if (!edges.has(edge.key)) edges.set(edge.key, edge);
    }
  }
  return [...edges.values()];
}

/** The plain events that stand in for the machine's invoked actors and delays. */
export function effectsOf(machine: AnyStateMachine): Map<string, EffectInfo> {
  const effects = new Map<string, EffectInfo>();
  for (const node of [machine.root, ...stateNodesOf(machine)]) {
    for (const inv of node.invoke) {
      if (typeof inv.src !== 'string') {
        throw new Error(`${node.id}: invoke the actor by name (setup({ actors })) so a model can sample it`);
      }
      effects.set(`xstate.done.actor.${inv.id}`, { kind: 'done', invokeId: inv.id, src: inv.src });
      effects.set(`xstate.error.actor.${inv.id}`, { kind: 'error', invokeId: inv.id, src: inv.src });
    }
    for (const after of node.after) {
      if (typeof after.delay === 'function') {
        throw new Error(`${node.id}: name the delay (setup({ delays })) so a model can state its length`);
      }
      effects.set(String(after.eventType), { kind: 'after', delay: after.delay, stateId: node.id });
    }
  }
  return effects;
}

// ---------------------------------------------------------------------------------------------------
// Replay: the statechart transitions and state nodes each step takes

type Replayed = { snapshot: AnyMachineSnapshot; edges: string[]; visited: string[] };

/**
 * Runs events through the machine's pure `transition` with an actor scope that records every
 * microstep (so eventless transitions through transient states are seen). Effects are not executed.
 */
export function replay(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[]): Replayed[] {
  const self = createEmptyActor();
  let edges = new Set<string>();
  let visited = new Set<string>();
  const sub = self.system.inspect((ev) => {
    if (ev.type !== '@xstate.microstep') return;
    for (const t of ev._transitions) {
      edges.add(toEdge(t).key);
      visited.add(t.source.id);
    }
    for (const n of (ev.snapshot as AnyMachineSnapshot)._nodes) visited.add(n.id);
  });
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: 'model-replay',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  const out: Replayed[] = [];
  const take = (snapshot: AnyMachineSnapshot) => {
    for (const n of snapshot._nodes) visited.add(n.id);
    visited.delete(machine.root.id);
    out.push({ snapshot, edges: [...edges], visited: [...visited] });
    edges = new Set();
    visited = new Set();
  };
  try {
    let snapshot = machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
    take(snapshot);
    for (const event of events) {
      snapshot = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
      take(snapshot);
    }
  } finally {
    sub.unsubscribe();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// defineModel

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
  /** Dropped when its last event takes no transition (a guard ignored it). */
  mustMove?: boolean;
};

function generatePaths<M extends AnyStateMachine>(d: ModelDescription<M>, effects: Map<string, EffectInfo>) {
  const machine = d.machine;
  const events = sampleEvents(d, effects);
  const filter = d.traversal?.filterEvents as ((s: AnyMachineSnapshot, e: AnyEventObject) => boolean) | undefined;
  /** The sample events the snapshot's states handle (as xstate/graph's traversal picks them). */
  const enabledEvents = (snapshot: AnyMachineSnapshot) => {
    if (snapshot.status !== 'active') return [];
    const handled = new Set<string>(getAllOwnEventDescriptors(snapshot));
    return events.filter((e) => handled.has(e.type) && (!filter || filter(snapshot, e)));
  };
  const serialize = d.traversal?.serializeState;
  const testModel = new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(
    machine as unknown as ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown>,
    {
      // A function, so that only events the state handles are sent: xstate/graph would otherwise send
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

// ---------------------------------------------------------------------------------------------------
// Coverage

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

// ---------------------------------------------------------------------------------------------------
// Labels shared by the drivers and the planner

/** `'authenticated'`, `'upload.sending'`, or several comma-separated for parallel states. */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  const leaves = snapshot._nodes.filter((n) => n.type === 'atomic' || n.type === 'final');
  const label = leaves.map((n) => n.path.join('.')).join(', ');
  return snapshot.status === 'done' ? `${label} (final)` : label;
}

const UNDEFINED = '\u0000undefined\u0000';
/** JSON, except that `undefined` properties show (`{"accountId":undefined}`). */
export const showValue = (value: unknown): string =>
  (JSON.stringify(value, (_k, v: unknown) => (v === undefined ? UNDEFINED : v)) ?? 'undefined').replaceAll(
    JSON.stringify(UNDEFINED),
    'undefined',
  );

/** A readable name for an event of a model, effect events included. */
export function eventLabel(model: AnyModel, event: AnyEventObject): string {
  const info = model.effects.get(event.type);
  const { type: _type, actorId: _actorId, ...payload } = event;
  if (!info) {
    return Object.keys(payload).length ? `${event.type} ${showValue(payload)}` : event.type;
  }
  if (info.kind === 'after') {
    const expected = (model.description.delays as Record<string, unknown>)[String(info.delay)];
    const ms = typeof info.delay === 'number' ? info.delay : typeof expected === 'number' ? expected : undefined;
    return `${event.type} (wait ${ms === undefined ? `delay '${info.delay}'` : `${ms} ms`})`;
  }
  if (info.kind === 'done') {
    return `${event.type} (${info.src} resolves with ${showValue(event.output)})`;
  }
  const error = event.error instanceof Error ? event.error.message : JSON.stringify(event.error);
  return `${event.type} (${info.src} rejects: ${error})`;
}

/** A short name for a step event, for test titles: `user.login`, `login done`, `after transition`. */
export function shortEventLabel(model: AnyModel, event: AnyEventObject): string {
  const info = model.effects.get(event.type);
  if (!info) return event.type;
  if (info.kind === 'after') return `after ${String(info.delay)}`;
  if (info.kind === 'error') return `${info.src} error`;
  return event.output === null || event.output === undefined ? `${info.src} done (${String(event.output)})` : `${info.src} done`;
}
