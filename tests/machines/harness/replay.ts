/**
 * Replay: the statechart transitions and state nodes each step of a path takes, computed with xstate's
 * pure, public `getInitialMicrosteps` / `getMicrosteps` (no actor is started and no effect runs). Each
 * microstep's transition is read off the snapshots around it (./structure.ts `transitionTaken`), so
 * eventless transitions through transient states are seen.
 */
import {
  getInitialMicrosteps,
  getMicrosteps,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import { activeNodes, transitionKey, transitionTaken } from './structure';

export type Replayed = { snapshot: AnyMachineSnapshot; edges: string[]; visited: string[] };

type Microstep = readonly [AnyMachineSnapshot, ReadonlyArray<{ type: string }>];

/**
 * What one macrostep did: the first microstep answers `eventType`, the following ones are eventless
 * (`always`). `before` is undefined for the initial macrostep, whose first microstep enters the
 * initial states and takes no transition.
 */
function observe(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot | undefined,
  microsteps: readonly Microstep[],
  eventType: string,
): Omit<Replayed, 'snapshot'> {
  const edges = new Set<string>();
  const visited = new Set<string>();
  let previous = before;
  microsteps.forEach(([snapshot, actions], i) => {
    activeNodes(machine, snapshot).forEach((n) => visited.add(n.id));
    if (previous) {
      const type = i === 0 && before ? eventType : '';
      const taken = transitionTaken(machine, previous, snapshot, type, actions.map((a) => a.type));
      if (taken) {
        edges.add(transitionKey(taken));
        visited.add(taken.source.id);
      }
    }
    previous = snapshot;
  });
  visited.delete(machine.root.id);
  return { edges: [...edges], visited: [...visited] };
}

/** The snapshot after each event (the initial one first), with the transitions and states it took. */
export function replay(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[]): Replayed[] {
  const initial = getInitialMicrosteps(machine, input) as unknown as Microstep[];
  let snapshot = initial.at(-1)![0];
  const out: Replayed[] = [{ snapshot, ...observe(machine, undefined, initial, 'xstate.init') }];
  for (const event of events) {
    const microsteps = getMicrosteps(machine, snapshot, event) as unknown as Microstep[];
    if (!microsteps.length) {
      // No transition is enabled: the snapshot stays as it is.
      out.push({ snapshot, edges: [], visited: activeNodes(machine, snapshot).map((n) => n.id) });
      continue;
    }
    const next = microsteps.at(-1)![0];
    out.push({ snapshot: next, ...observe(machine, snapshot, microsteps, event.type) });
    snapshot = next;
  }
  return out;
}

/**
 * The transitions a running actor took, from the snapshots its `@xstate.microstep` inspection events
 * carry (the public `snapshot` field). The driver says which event it is about to cause (`expect`): the
 * first microstep after that answers it, the following ones are eventless. Starts from the snapshot
 * that enters the initial states (the actor reports the microsteps after it).
 */
export function microstepObserver(machine: AnyStateMachine, input: unknown) {
  const edges = new Set<string>();
  let previous = (getInitialMicrosteps(machine, input) as unknown as Microstep[])[0][0];
  let pending: string | undefined;
  return {
    edges,
    expect(eventType: string) {
      pending = eventType;
    },
    microstep(snapshot: AnyMachineSnapshot) {
      const taken = transitionTaken(machine, previous, snapshot, pending ?? '');
      if (taken) edges.add(transitionKey(taken));
      pending = undefined;
      previous = snapshot;
    },
  };
}
