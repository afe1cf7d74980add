import type { AnyEventObject } from 'xstate';
import { walkPath } from '../tests/machines/harness/driver';
import { shortEventLabel } from '../tests/machines/harness/model';
import { bureauFileModel } from '../tests/machines/models/bureauFile.model';
import { blockerOf, bureauDriver } from './support/bureauDriver';
import { expect, test } from './support/fixtures';
import { coverOf, edgesOfPath } from './support/pathCover';

// The bureau file model's paths on the file's page, walked in Chromium (./support/bureauDriver.ts):
// the fewest paths that together take every transition of the page (greedy set cover, in the model's
// order): ten paths of about five seconds each. The upload, mapping and properties pages are walked
// with a real file by e2e/bureau-workflow.spec.ts; their own paths need the real upload and are not
// walked here.

test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const drivable = bureauFileModel.paths.filter((p) => blockerOf(p) === null);
const walked = coverOf(drivable);

for (const path of walked) {
  const events = path.steps.slice(1).map((s) => shortEventLabel(bureauFileModel, s.event as AnyEventObject));
  test(`bureau file ${path.name}: ${events.join(' → ')} @uk-only`, async ({ page }) => {
    await walkPath(bureauFileModel, path, bureauDriver(page));
  });
}

test('walks every transition of the file page in a few paths @uk-only', () => {
  const all = new Set(drivable.flatMap((p) => [...edgesOfPath(p)]));
  const taken = new Set(walked.flatMap((p) => [...edgesOfPath(p)]));
  test.info().annotations.push({ type: 'bureau paths', description: `${walked.length} paths walked, ${taken.size} transitions of ${drivable.length} drivable paths` });
  expect([...all].filter((e) => !taken.has(e))).toEqual([]);
  // A walk that grew past a minute of CI would need a budget here.
  expect(walked.length).toBeLessThanOrEqual(12);
});
