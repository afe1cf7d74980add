import type { AnyEventObject } from 'xstate';
import { walkPath } from '../tests/machines/harness/driver';
import { shortEventLabel } from '../tests/machines/harness/model';
import { basketModel } from '../tests/machines/models/basket.model';
import { basketDriver, blockerOf } from './support/basketDriver';
import { expect, test } from './support/fixtures';
import { coverOf, edgesOfPath } from './support/pathCover';

// The basket model's paths, the ones `npm run paths` prints for QA, walked in Chromium through the
// real shop and checkout (./support/basketDriver.ts). The model has ~150 paths for a fresh basket;
// a browser walk takes tens of seconds each, so the walk takes the fewest paths that together take
// every transition a browser can produce (greedy set cover, in the model's order).

test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const drivable = basketModel.paths.filter((p) => blockerOf(p) === null);
const walked = coverOf(drivable);

for (const path of walked) {
  const events = path.steps.slice(1).map((s) => shortEventLabel(basketModel, s.event as AnyEventObject));
  test(`basket ${path.name} (${path.origin}): ${events.join(' → ')} @uk-only`, async ({ page }, info) => {
    await walkPath(basketModel, path, basketDriver({ page, territory: info.project.name }));
  });
}

test('walks every transition a browser can produce, and names the paths it cannot @uk-only', () => {
  const blocked = basketModel.paths.filter((p) => blockerOf(p) !== null);
  const reasons = new Set(blocked.map((p) => blockerOf(p)!.replace(/^step \d+, /, '')));
  test.info().annotations.push({ type: 'basket paths', description: `${walked.length} walked, covering the transitions of ${drivable.length} drivable paths; not drivable: ${blocked.length} (${[...reasons].join('; ')})` });
  const covered = new Set(walked.flatMap((p) => [...edgesOfPath(p)]));
  const drivableEdges = new Set(drivable.flatMap((p) => [...edgesOfPath(p)]));
  expect([...drivableEdges].filter((e) => !covered.has(e))).toEqual([]);
  // Everything but the paid order's return and the full basket is walked in the browser.
  const all = new Set(basketModel.paths.flatMap((p) => [...edgesOfPath(p)]));
  expect([...all].filter((e) => !drivableEdges.has(e)).every((e) => /order\.paid|user\.add--> \(no target\)|failed --user\.add/.test(e))).toBe(true);
});
