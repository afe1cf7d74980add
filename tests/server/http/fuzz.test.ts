// A short run of the endpoint fuzz (tools/fuzz.ts) over the demo data: two inputs per endpoint, each
// sent as one demo user or nobody in turn, with a fixed seed. No call answers 5xx, whatever it is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, inProcessTarget, runFuzz, type FuzzTarget } from '../../../tools/fuzz';
import { endpointList } from '../support/endpointList';

let target: FuzzTarget;
beforeAll(async () => {
  target = await inProcessTarget();
}, 180_000);
afterAll(() => target?.close());

describe('the endpoint fuzz', () => {
  it('gets no 5xx from any endpoint for valid-shaped and hostile inputs, signed in or not', async () => {
    const report = await runFuzz(target, { runs: 2, seed: 20300101, everyIdentity: false });
    expect(report.requests).toBe(endpointList.length * 2);
    expect(report.failures, formatReport(report)).toEqual([]);
  }, 180_000);
});
