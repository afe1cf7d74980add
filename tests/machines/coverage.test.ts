/**
 * Every machine of machines/registry.ts has a model, and the model's paths (the ones the model-based
 * tests run) enter every state and take every transition of its statechart.
 */
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import { coverageOf, findModel } from './harness/model';
import { models } from './models';

describe('model coverage of the registered machines', () => {
  for (const machine of machines) {
    describe(machine.id, () => {
      const model = findModel(models, machine);

      it('has a model in tests/machines/models', () => {
        expect(model, `add tests/machines/models/${machine.id}.model.ts and list it in models/index.ts`).toBeDefined();
      });

      it('enters every state and takes every transition on its model paths', () => {
        const coverage = coverageOf(machine, model);
        expect(coverage.states.missing).toEqual([]);
        expect(coverage.transitions.missing).toEqual([]);
        expect(coverage.states.covered).toBe(coverage.states.total);
        expect(coverage.transitions.covered).toBe(coverage.transitions.total);
      });
    });
  }

  it('has no model of a machine missing from the registry', () => {
    const orphans = models.filter((m) => !machines.includes(m.machine)).map((m) => m.id);
    expect(orphans).toEqual([]);
  });
});
