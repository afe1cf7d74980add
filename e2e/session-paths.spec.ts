import type { AnyEventObject } from 'xstate';
import { walkPath } from '../tests/machines/harness/driver';
import { shortEventLabel } from '../tests/machines/harness/model';
import { sessionModel } from '../tests/machines/models/session.model';
import { test } from './support/fixtures';
import { blockerOf, sessionDriver } from './support/sessionDriver';

// Every path of the session model, the one `npm run paths` prints for QA, walked in Chromium against
// the real server: same names, same steps (see ./support/sessionDriver.ts for how states are checked
// and events performed). A fresh browser context per path; the paths spread over the workers.

// A path takes seconds; a stuck one must not eat the run's time.
test.describe.configure({ mode: 'parallel', timeout: 30_000 });

test.beforeEach(({ browserName: _ }, info) => {
  test.skip(info.project.name !== 'uk', 'the session does not depend on the territory: one project walks the paths');
});

for (const path of sessionModel.paths) {
  const events = path.steps.slice(1).map((s) => shortEventLabel(sessionModel, s.event as AnyEventObject));
  test(`session ${path.name} (${path.origin}): ${events.join(' → ') || 'start'}`, async ({ page, api }, info) => {
    const blocker = blockerOf(path);
    test.skip(blocker !== null, `not drivable in the UI: ${blocker}`);
    await walkPath(sessionModel, path, sessionDriver({ page, api, territory: info.project.name }));
  });
}
