/**
 * Walking a model path against a system under test (SUT). A driver maps the model onto one SUT:
 *   states  -> checks (any state key the model's snapshot matches runs; a state at rest must match one),
 *   events  -> gestures, one per machine event type (a new event type without a gesture does not compile),
 *   effects -> how an invoked actor settles and a delay elapses in that SUT.
 * The machine-level driver (./actorDriver.ts) drives the real actor; a browser driver can implement the
 * same interface over a Playwright `page` (clicks, `page.route` answers, `page.clock.runFor(ms)`).
 *
 * No test-runner import.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import { stateLabel } from './structure';
import type { EffectInfo, MachineEvent, Model, ModelPath, StateKey } from './types';

type Awaitable = void | Promise<void>;

export type ModelDriver<M extends AnyStateMachine, TSut> = {
  /** Starts the SUT for a path (the path carries the scenario and its input). */
  start(path: ModelPath<M>): TSut | Promise<TSut>;
  stop?(sut: TSut): Awaitable;
  /** Runs after every step, before the state checks (e.g. compare the SUT's state to `expected`). */
  afterStep?(sut: TSut, path: ModelPath<M>, index: number): Awaitable;
  states: { readonly [K in StateKey<M>]?: (sut: TSut, expected: SnapshotFrom<M>) => Awaitable };
  events: {
    readonly [K in MachineEvent<M>['type']]: (sut: TSut, event: Extract<MachineEvent<M>, { type: K }>) => Awaitable;
  };
  effects: {
    /** The invoked actor `info.src` resolves with `output`. */
    done(sut: TSut, info: Extract<EffectInfo, { kind: 'done' }>, output: unknown): Awaitable;
    /** The invoked actor `info.src` rejects with `error`. */
    error(sut: TSut, info: Extract<EffectInfo, { kind: 'error' }>, error: unknown): Awaitable;
    /** `ms` (the model's expected length of the delay) pass. */
    after(sut: TSut, info: Extract<EffectInfo, { kind: 'after' }>, ms: number, before: SnapshotFrom<M>): Awaitable;
  };
};

/** The expected length of a delay: its number, or the model's `delays` entry evaluated on `snapshot`. */
export function expectedDelay<M extends AnyStateMachine>(
  model: Model<M>,
  info: Extract<EffectInfo, { kind: 'after' }>,
  snapshot: SnapshotFrom<M>,
): number {
  if (typeof info.delay === 'number') return info.delay;
  const expected = (model.description.delays as Record<string, number | ((s: SnapshotFrom<M>) => number)>)[info.delay];
  if (expected === undefined) throw new Error(`${model.id}: no expected length for delay '${info.delay}'`);
  return typeof expected === 'function' ? expected(snapshot) : expected;
}

/** Performs every step of `path` on a fresh SUT and runs the state checks after each. */
export async function walkPath<M extends AnyStateMachine, TSut>(
  model: Model<M>,
  path: ModelPath<M>,
  driver: ModelDriver<M, TSut>,
): Promise<void> {
  const where = (i: number) => `${model.id} ${path.name}, step ${i} (${(path.steps[i].event as AnyEventObject).type})`;
  const checks = Object.entries(driver.states) as [string, ((sut: TSut, s: SnapshotFrom<M>) => Awaitable) | undefined][];
  const sut = await driver.start(path);
  try {
    for (let i = 0; i < path.steps.length; i++) {
      const expected = path.steps[i].state as SnapshotFrom<M>;
      try {
        if (i > 0) {
          const event = path.steps[i].event as AnyEventObject;
          const info = model.effects.get(event.type);
          const before = path.steps[i - 1].state as SnapshotFrom<M>;
          if (!info) {
            const gesture = (driver.events as Record<string, (sut: TSut, e: AnyEventObject) => Awaitable>)[event.type];
            if (!gesture) throw new Error(`the driver has no gesture for '${event.type}'`);
            await gesture(sut, event);
          } else if (info.kind === 'done') await driver.effects.done(sut, info, event.output);
          else if (info.kind === 'error') await driver.effects.error(sut, info, event.error);
          else await driver.effects.after(sut, info, expectedDelay(model, info, before), before);
        }
        await driver.afterStep?.(sut, path, i);
      } catch (err) {
        if (err instanceof Error) err.message = `${where(i)}: ${err.message}`;
        throw err;
      }
      const matching = checks.filter(([key, fn]) => fn && (expected as AnyMachineSnapshot).matches(key));
      if (!matching.length) {
        throw new Error(`${where(i)}: no check for state '${stateLabel(expected as AnyMachineSnapshot)}'`);
      }
      for (const [key, fn] of matching) {
        try {
          await fn!(sut, expected);
        } catch (err) {
          if (err instanceof Error) err.message = `${where(i)}, in '${key}': ${err.message}`;
          throw err;
        }
      }
    }
  } finally {
    await driver.stop?.(sut);
  }
}
