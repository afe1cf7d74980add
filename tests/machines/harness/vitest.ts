/**
 * Vitest glue: one test per model path, run on the real actor (./actorDriver.ts), and a check that the
 * real actor took exactly the statechart transitions the model's replay recorded (which is what
 * tests/machines/coverage.test.ts and `npm run paths` count).
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { runPathOnActor } from './actorDriver';
import { shortEventLabel } from './labels';
import type { Model } from './types';

export function describeModel<M extends AnyStateMachine>(model: Model<M>) {
  describe(`${model.id}: every model path on the real actor`, () => {
    const observed = new Set<string>();
    for (const path of model.paths) {
      const events = path.steps.slice(1).map((s) => shortEventLabel(model, s.event as AnyEventObject));
      it(`${path.name} (${path.origin}): ${events.join(' → ') || 'start'}`, async () => {
        const { edges } = await runPathOnActor(model, path);
        edges.forEach((e) => observed.add(e));
      });
    }
    it('the real actor took the transitions the model paths record', () => {
      const recorded = new Set(model.paths.flatMap((p) => p.steps.flatMap((s) => s.edges)));
      expect([...observed].sort()).toEqual([...recorded].sort());
    });
  });
}
