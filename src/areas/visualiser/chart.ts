import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type StateValue } from 'xstate';

// What the visualiser draws, read from a machine definition alone (machine.root, the StateNode tree):
// states with their nesting, initial and final states, parallel regions, invoked actors, and the
// transitions with their events, guards and delays. No layout here: ./layout.ts places it with elk.

export type ChartNode = {
  /** The state node id (`session.authenticated`). */
  id: string;
  /** The state's key; the machine id for the root. */
  name: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** A region of a parallel state (drawn dashed). */
  region: boolean;
  /** Lines under the name: invoked actors, delays, transitions back into the same state. */
  lines: string[];
  /** The initial child, for compound states. */
  initial?: string;
  children: ChartNode[];
};

/** Every transition between one source and one target, one label line each. */
export type ChartEdge = { id: string; source: string; target: string; lines: string[] };

export type Chart = { machine: string; root: ChartNode; edges: ChartEdge[] };

type Guard = unknown;

// Higher-order guards are functions told apart by their `check` (their names do not survive minifying).
const checkOf = (guard: unknown) => (guard as { check: unknown }).check;
const combinators = new Map<unknown, string>([
  [checkOf(not('x')), 'not'],
  [checkOf(and(['x'])), 'and'],
  [checkOf(or(['x'])), 'or'],
  [checkOf(stateIn('x')), 'in'],
]);

/** A guard's name: `gotToken`, `not(isEmpty)`, `and(a, b)`; inline functions by their name. */
export function guardLabel(guard: Guard): string {
  if (typeof guard === 'string') return guard;
  const g = guard as { type?: unknown; guards?: Guard[]; check?: unknown; stateValue?: unknown; name?: string };
  const op = combinators.get(g.check);
  if (op === 'in') return `in(${typeof g.stateValue === 'string' ? g.stateValue : JSON.stringify(g.stateValue)})`;
  if (op) return `${op}(${(g.guards ?? []).map(guardLabel).join(', ')})`;
  if (typeof guard === 'object' && guard && typeof g.type === 'string') return g.type;
  return (typeof guard === 'function' && g.name) || 'guard';
}

const delayLabel = (delay: unknown) => (typeof delay === 'number' ? `${delay} ms` : String(delay));

/** The event of a transition as a reader knows it: `after 5000 ms`, `done: login`, `always`. */
export function eventLabel(node: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType === '*') return '* (any event)';
  const after = node.after.find((a) => a.eventType === eventType);
  if (after) return `after ${delayLabel(after.delay)}`;
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (done) {
    const invoke = node.invoke.find((i) => i.id === done[2]);
    const src = typeof invoke?.src === 'string' ? invoke.src : (invoke?.id ?? done[2]);
    return `${done[1]}: ${src}`;
  }
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

/** One label line per transition: the event, and the guard (`[else]` after a guarded alternative). */
function labelLines(node: AnyStateNode): Map<AnyTransitionDefinition, string> {
  const lines = new Map<AnyTransitionDefinition, string>();
  const byEvent = new Map<string, AnyTransitionDefinition[]>();
  for (const t of transitionsOf(node)) byEvent.set(String(t.eventType), [...(byEvent.get(String(t.eventType)) ?? []), t]);
  for (const [eventType, alternatives] of byEvent) {
    const event = eventLabel(node, eventType);
    alternatives.forEach((t, i) => {
      const guarded = alternatives.slice(0, i).some((a) => a.guard);
      lines.set(t, t.guard ? `${event} [${guardLabel(t.guard)}]` : guarded ? `${event} [else]` : event);
    });
  }
  return lines;
}

const childrenOf = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];

/** The machine's chart: the state tree and every transition (merged per source and target). */
export function chartOf(machine: AnyStateMachine): Chart {
  const edges = new Map<string, ChartEdge>();

  const visit = (node: AnyStateNode, region: boolean): ChartNode => {
    const lines: string[] = node.invoke.map((i) => `invoke ${typeof i.src === 'string' ? i.src : i.id}`);
    for (const [t, line] of labelLines(node)) {
      const targets = (t.target ?? []) as AnyStateNode[];
      // Transitions that stay in the state are listed inside it rather than drawn as loops.
      if (!targets.length) lines.push(`• ${line}`);
      for (const target of targets) {
        if (target === node) {
          lines.push(`↻ ${line}`);
          continue;
        }
        const key = `${node.id}->${target.id}`;
        const edge = edges.get(key) ?? { id: `edge:${key}`, source: node.id, target: target.id, lines: [] };
        edge.lines.push(line);
        edges.set(key, edge);
      }
    }
    const initial = node.type === 'compound' ? (node.initial?.target?.[0] as AnyStateNode | undefined)?.id : undefined;
    return {
      id: node.id,
      name: node.parent ? node.key : machine.id,
      type: node.type,
      region,
      lines: node.type === 'history' ? [node.history === 'deep' ? 'history (deep)' : 'history'] : lines,
      initial,
      children: childrenOf(node).map((child) => visit(child, node.type === 'parallel')),
    };
  };

  const root = visit(machine.root, false);
  return { machine: machine.id, root, edges: [...edges.values()] };
}

/**
 * The ids of the state nodes a state value is in (the root included), e.g. `{ a: 'b' }` in machine
 * `m` gives `m`, `m.a`, `m.a.b`.
 */
export function activeIds(machine: AnyStateMachine, value: StateValue): Set<string> {
  const ids = new Set<string>([machine.root.id]);
  const walk = (node: AnyStateNode, v: StateValue) => {
    if (typeof v === 'string') {
      const child = node.states[v] as AnyStateNode | undefined;
      if (child) ids.add(child.id);
      return;
    }
    for (const [key, sub] of Object.entries(v)) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (!child) continue;
      ids.add(child.id);
      if (sub !== undefined) walk(child, sub as StateValue);
    }
  };
  walk(machine.root, value);
  return ids;
}
