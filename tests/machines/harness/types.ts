/**
 * The types of the model-based testing harness: what a machine's model declares (`ModelDescription`)
 * and what the harness derives from it (`Model`, `ModelPath`). Types only.
 */
import type {
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  InputFrom,
  OutputFrom,
  ProvidedActor,
  SnapshotFrom,
  StateMachine,
} from 'xstate';

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
  /**
   * Implementations the model runs the machine with (e.g. a delay read against a fixed clock), as for
   * `machine.provide(...)`. The machine itself stays the registered one.
   */
  provide?: Parameters<M['provide']>[0];
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

