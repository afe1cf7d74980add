import type { AnyEventObject } from 'xstate';
import { walkPath } from '../tests/machines/harness/driver';
import { shortEventLabel } from '../tests/machines/harness/model';
import { sessionModel } from '../tests/machines/models/session.model';
import { expect, test } from './support/fixtures';
import { coverOf, edgesOfPath } from './support/pathCover';
import { blockerOf, sessionDriver } from './support/sessionDriver';

// The session model's paths, the ones `npm run paths` prints for QA, walked in Chromium against the
// real server: same names, same steps (see ./support/sessionDriver.ts for how states are checked and
// events performed). A browser walk takes seconds a path, so the walk takes the fewest drivable paths
// that together take every transition the drivable paths take (./support/pathCover.ts). A fresh
// browser context per path; the paths spread over the workers.

// A path takes seconds; a stuck one must not eat the run's time.
test.describe.configure({ mode: 'parallel', timeout: 30_000 });

// The session does not depend on the territory: one project (uk) walks the paths.
const drivable = sessionModel.paths.filter((path) => blockerOf(path) === null);
const blocked = sessionModel.paths.filter((path) => blockerOf(path) !== null);
const walked = coverOf(drivable);

for (const path of walked) {
  const events = path.steps.slice(1).map((s) => shortEventLabel(sessionModel, s.event as AnyEventObject));
  test(`session ${path.name} (${path.origin}): ${events.join(' → ') || 'start'} @uk-only`, async ({ page, api }, info) => {
    await walkPath(sessionModel, path, sessionDriver({ page, api, territory: info.project.name }));
  });
}

// The paths no page can produce, each with its reason, listed and checked rather than silently left
// out: a path that becomes drivable must move to the list above.
test('names the session paths no page can produce, with the reason @uk-only', () => {
  const reasons = new Set(blocked.map((path) => blockerOf(path)!.replace(/^step \d+, /, '')));
  for (const path of blocked) console.log(`not drivable in the UI: session ${path.name}: ${blockerOf(path)}`);
  test.info().annotations.push({ type: 'not drivable in the UI', description: `${blocked.length} of ${sessionModel.paths.length} paths: ${[...reasons].join('; ')}` });
  expect(drivable.length + blocked.length).toBe(sessionModel.paths.length);
  expect(drivable.length).toBeGreaterThanOrEqual(54);
  // The walked paths take every transition of the drivable ones.
  const taken = new Set(walked.flatMap((path) => [...edgesOfPath(path)]));
  expect(drivable.flatMap((path) => [...edgesOfPath(path)]).filter((edge) => !taken.has(edge))).toEqual([]);
  test.info().annotations.push({ type: 'session paths walked', description: `${walked.length} of ${drivable.length} drivable paths` });
  // Each names the step and says why no page can produce it.
  for (const path of blocked) expect(blockerOf(path)).toMatch(/^step \d+, .+: .{20,}/);
});
