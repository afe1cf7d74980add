/**
 * A statechart's structure, read with public API only: its state nodes (`getStateNodes` of
 * xstate/graph), its transitions (each state node's `transitions` and `always`), the plain events that
 * stand in for its invoked actors and delays, and which of its transitions a microstep took (from the
 * snapshots before and after, `getNextTransitions` and `matchesState`).
 */
import {
  getNextTransitions,
  matchesState,
  pathToStateValue,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { Edge, EffectInfo } from './types';

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

/** The `Edge.key` of a transition definition. */
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

const asArray = <T>(x: T | readonly T[] | undefined): readonly T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x as T]);

/**
 * The plain events that stand in for the machine's invoked actors and delays. Every invoke must name
 * its actor (`src` from `setup({ actors })`) and carry an explicit `id`, so that its done and error
 * events (`xstate.done.actor.<id>`) are stable names a model, a test and a QA plan can use.
 */
export function effectsOf(machine: AnyStateMachine): Map<string, EffectInfo> {
  const effects = new Map<string, EffectInfo>();
  for (const node of [machine.root, ...stateNodesOf(machine)]) {
    const configs = asArray(node.config.invoke as { id?: string } | readonly { id?: string }[] | undefined);
    node.invoke.forEach((inv, i) => {
      if (typeof inv.src !== 'string') {
        throw new Error(`${node.id}: invoke the actor by name (setup({ actors })) so a model can sample it`);
      }
      if (!configs[i]?.id) throw new Error(`${node.id}: give the invoke of '${inv.src}' an id`);
      effects.set(`xstate.done.actor.${inv.id}`, { kind: 'done', invokeId: inv.id, src: inv.src });
      effects.set(`xstate.error.actor.${inv.id}`, { kind: 'error', invokeId: inv.id, src: inv.src });
    });
    for (const after of node.after) {
      if (typeof after.delay === 'function') {
        throw new Error(`${node.id}: name the delay (setup({ delays })) so a model can state its length`);
      }
      effects.set(String(after.eventType), { kind: 'after', delay: after.delay, stateId: node.id });
    }
  }
  return effects;
}

/** The state nodes a snapshot is in (root excluded), from its value. */
export function activeNodes(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return stateNodesOf(machine).filter((n) => matchesState(pathToStateValue(n.path), snapshot.value));
}

const sameNodes = (a: readonly AnyStateNode[], b: readonly AnyStateNode[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

const handles = (t: AnyTransitionDefinition, eventType: string) =>
  t.eventType === eventType ||
  t.eventType === '*' ||
  (t.eventType.endsWith('.*') && eventType.startsWith(t.eventType.slice(0, -1)));

/**
 * The statechart transition one microstep took, from the snapshots around it: among the transitions
 * enabled in `before` (`getNextTransitions`, in xstate's order of priority) for `eventType` (`''` for
 * an eventless step), the first whose targets are all active `after`, or a targetless one when the
 * configuration is unchanged. `actions` (the microstep's action types), when known, settle a tie
 * between a targetless transition and one that re-enters its own state.
 */
export function transitionTaken(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot,
  after: AnyMachineSnapshot,
  eventType: string,
  actions?: readonly string[],
): AnyTransitionDefinition | undefined {
  const was = activeNodes(machine, before);
  const now = activeNodes(machine, after);
  const unchanged = sameNodes(was, now);
  const candidates = getNextTransitions(before).filter((t) =>
    eventType === '' ? t.eventType === '' : handles(t, eventType),
  );
  const fits = candidates.filter((t) =>
    t.target?.length ? t.target.every((n) => now.includes(n)) : unchanged,
  );
  if (fits.length > 1 && unchanged && actions) {
    // A re-entered state stops and starts its children or runs entry actions; a targetless one does not.
    const reentered = actions.some((a) => a === 'xstate.stopChild' || a === 'xstate.spawnChild');
    const preferred = fits.filter((t) => (t.target?.length ? reentered : !reentered));
    if (preferred.length) return preferred[0];
  }
  return fits[0];
}

/** `'authenticated'`, `'upload.sending'`, or several comma-separated for parallel states. */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  const leaves = activeNodes(snapshot.machine, snapshot).filter((n) => n.type === 'atomic' || n.type === 'final');
  const label = leaves.map((n) => n.path.join('.')).join(', ');
  return snapshot.status === 'done' ? `${label} (final)` : label;
}
