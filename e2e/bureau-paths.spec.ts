import type { AnyEventObject } from 'xstate';
import { walkPath } from '../tests/machines/harness/driver';
import { shortEventLabel } from '../tests/machines/harness/model';
import { bureauFileModel } from '../tests/machines/models/bureauFile.model';
import { blockerOf, bureauDriver, type BureauPath } from './support/bureauDriver';
import { expect, test } from './support/fixtures';

// The bureau file model's paths on the file's page, walked in Chromium (./support/bureauDriver.ts):
// the fewest paths that together take every transition of the page (greedy set cover, in the model's
// order; ten paths of about five seconds each), at most `budget` of them so the walk stays near a
// minute of CI. The upload, mapping and properties pages are walked with a real file by
// e2e/bureau-workflow.spec.ts; their own paths need the real upload and are not walked here.

test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const budget = 10;
const drivable = bureauFileModel.paths.filter((p) => blockerOf(p) === null);
const edgesOf = (p: BureauPath) => new Set(p.steps.flatMap((s) => s.edges));
const gain = (p: BureauPath, left: Set<string>) => [...edgesOf(p)].filter((e) => left.has(e)).length;

function cover(paths: readonly BureauPath[], most: number): BureauPath[] {
  const left = new Set(paths.flatMap((p) => [...edgesOf(p)]));
  const chosen: BureauPath[] = [];
  while (left.size && chosen.length < most) {
    const best = paths.reduce((a, b) => (gain(b, left) > gain(a, left) ? b : a));
    chosen.push(best);
    edgesOf(best).forEach((e) => left.delete(e));
  }
  return chosen;
}

const walked = cover(drivable, budget);

for (const path of walked) {
  const events = path.steps.slice(1).map((s) => shortEventLabel(bureauFileModel, s.event as AnyEventObject));
  test(`bureau file ${path.name}: ${events.join(' → ')} @uk-only`, async ({ page }) => {
    await walkPath(bureauFileModel, path, bureauDriver(page));
  });
}

test('walks every transition of the file page, and says how many paths it took @uk-only', () => {
  const all = new Set(drivable.flatMap((p) => [...edgesOf(p)]));
  const taken = new Set(walked.flatMap((p) => [...edgesOf(p)]));
  test.info().annotations.push({ type: 'bureau paths', description: `${walked.length} paths walked, ${taken.size} of the ${all.size} transitions of ${drivable.length} drivable paths` });
  expect([...all].filter((e) => !taken.has(e))).toEqual([]);
});
