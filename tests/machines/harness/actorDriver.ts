/**
 * The machine-level driver: a `ModelDriver` over a real actor of the machine.
 *
 *   - a machine event is sent to the actor;
 *   - `done` / `error` resolve or reject the promise of the actor the machine really invoked (every
 *     named actor is provided with a controllable `fromPromise` that records its input), so a missing
 *     or misrouted invocation fails the step;
 *   - `after` advances a `SimulatedClock` by the delay the model expects (from the spec), checking that
 *     nothing happens 1 ms earlier.
 * After each step the actor's value, context and status must equal the model's snapshot; then the
 * model's `expect.states` assertions run with what the step did (actions, invocations, cancellations).
 *
 * No test-runner import: failures are `node:assert` errors.
 */
import assert from 'node:assert/strict';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import { walkPath, type ModelDriver } from './driver';
import { modelMachine } from './model';
import { microstepObserver } from './replay';
import type { ExecutedAction, Invocation, MachineEvent, Model, ModelPath, ObservedStep } from './types';

type Deferred = { resolve: (value: unknown) => void; reject: (reason: unknown) => void };

/** One run of a path on a real actor, and what it recorded. */
export type ActorRun<M extends AnyStateMachine> = {
  actor: Actor<M>;
  clock: SimulatedClock;
  actions: ExecutedAction[];
  invocations: Invocation[];
  cancelled: string[];
  /** Pending invoked promises, by invoke id. */
  pending: Map<string, Deferred>;
  /** Statechart edges the actor took (from its microsteps). */
  edges: Set<string>;
  /** Reads the transitions off the actor's microsteps; told which event each step causes. */
  observer: ReturnType<typeof microstepObserver>;
  history: ObservedStep<M>[];
  /** The step just performed, as the assertions see it. */
  current: ObservedStep<M> | undefined;
  marks: { actions: number; invocations: number; cancelled: number };
};

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const comparable = (s: AnyMachineSnapshot) => ({ value: s.value, context: s.context, status: s.status });

export function actorDriver<M extends AnyStateMachine>(model: Model<M>): ModelDriver<M, ActorRun<M>> {
  const { description } = model;
  const snapshotOf = (run: ActorRun<M>) => run.actor.getSnapshot() as AnyMachineSnapshot;

  const states = Object.fromEntries(
    Object.entries(description.expect.states).map(([key, fn]) => [
      key,
      (run: ActorRun<M>) =>
        (fn as (s: SnapshotFrom<M>, o: ObservedStep<M>) => void)(run.actor.getSnapshot(), run.current!),
    ]),
  ) as unknown as ModelDriver<M, ActorRun<M>>['states'];

  const events = Object.fromEntries(
    Object.keys(description.events).map((type) => [type, (run: ActorRun<M>, e: MachineEvent<M>) => {
      run.observer.expect(e.type);
      run.actor.send(e);
    }]),
  ) as unknown as ModelDriver<M, ActorRun<M>>['events'];

  const settle = async (run: ActorRun<M>, kind: 'done' | 'error', invokeId: string, src: string, how: (d: Deferred) => void) => {
    const deferred = run.pending.get(invokeId);
    assert.ok(deferred, `the machine did not invoke '${src}' as ${invokeId}`);
    run.pending.delete(invokeId);
    run.observer.expect(`xstate.${kind}.actor.${invokeId}`);
    how(deferred);
    await flush();
  };

  return {
    start(path: ModelPath<M>) {
      const run = {
        actions: [],
        invocations: [],
        cancelled: [],
        pending: new Map(),
        history: [],
        current: undefined,
        marks: { actions: 0, invocations: 0, cancelled: 0 },
        clock: new SimulatedClock(),
      } as Omit<ActorRun<M>, 'actor' | 'observer' | 'edges'> as ActorRun<M>;
      const actors = Object.fromEntries(
        Object.keys(description.actors).map((src) => [
          src,
          fromPromise<unknown, unknown>(
            ({ input, self, signal }) =>
              new Promise((resolve, reject) => {
                run.invocations.push({ src, id: self.id, input });
                run.pending.set(self.id, { resolve, reject });
                signal.addEventListener('abort', () => run.cancelled.push(self.id));
              }),
          ),
        ]),
      );
      const machine: AnyStateMachine = modelMachine(description).provide({ actors } as never);
      run.observer = microstepObserver(machine, path.input);
      run.edges = run.observer.edges;
      run.actor = createActor(machine, {
        input: path.input,
        clock: run.clock,
        inspect: (ev) => {
          // the root actor's own events (its initial microsteps happen inside createActor)
          if (ev.actorRef.sessionId !== ev.rootId) return;
          if (ev.type === '@xstate.action' && !ev.action.type.startsWith('xstate.')) {
            run.actions.push({ type: ev.action.type, params: ev.action.params });
          }
          if (ev.type === '@xstate.microstep') run.observer.microstep(ev.snapshot as AnyMachineSnapshot);
        },
      }) as unknown as Actor<M>;
      run.actor.start();
      return run;
    },
    stop(run) {
      run.actor.stop();
    },
    afterStep(run, path, i) {
      const expected = path.steps[i].state as AnyMachineSnapshot;
      assert.deepStrictEqual(comparable(snapshotOf(run)), comparable(expected), 'the actor differs from the model');
      run.current = {
        scenario: path.scenario,
        input: path.input,
        event: path.steps[i].event,
        previous: i === 0 ? undefined : (path.steps[i - 1].state as SnapshotFrom<M>),
        actions: run.actions.slice(run.marks.actions),
        invoked: run.invocations.slice(run.marks.invocations),
        cancelled: run.cancelled.slice(run.marks.cancelled),
        history: [...run.history],
      };
      run.history.push(run.current);
      run.marks = { actions: run.actions.length, invocations: run.invocations.length, cancelled: run.cancelled.length };
    },
    states,
    events,
    effects: {
      done: (run, info, output) => settle(run, 'done', info.invokeId, info.src, (d) => d.resolve(output)),
      error: (run, info, error) => settle(run, 'error', info.invokeId, info.src, (d) => d.reject(error)),
      after(run, info, ms, before) {
        if (ms >= 1) {
          run.clock.increment(ms - 1);
          assert.deepStrictEqual(
            comparable(snapshotOf(run)),
            comparable(before as AnyMachineSnapshot),
            `'${String(info.delay)}' fired before ${ms} ms`,
          );
          run.observer.expect(`xstate.after.${String(info.delay)}.${info.stateId}`);
          run.clock.increment(1);
        } else {
          run.observer.expect(`xstate.after.${String(info.delay)}.${info.stateId}`);
          run.clock.increment(ms);
        }
      },
    },
  };
}

/** Walks `path` on a fresh real actor; returns the statechart edges the actor took. */
export async function runPathOnActor<M extends AnyStateMachine>(
  model: Model<M>,
  path: ModelPath<M>,
): Promise<{ edges: Set<string> }> {
  const driver = actorDriver(model);
  let run: ActorRun<M> | undefined;
  await walkPath(model, path, { ...driver, start: (p) => (run = driver.start(p) as ActorRun<M>) });
  return { edges: run!.edges };
}
