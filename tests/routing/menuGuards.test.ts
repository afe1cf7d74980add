import { describe, expect, it } from 'vitest';
import { opensPage, routeRules } from '../../src/routing/groupRules';
import { menuEntries, navigationFor, showsEntry } from '../../src/routing/menus';
import { all, snapshots } from './matrix';

// Each menu entry derives from its page's route rules (routeRules of src/routing/guards.ts, the
// rules the route files' beforeLoad apply): shown exactly when the guard lets the user in, or, where
// the menu offers the page to fewer people (`offer`), never to someone the guard refuses. The entries
// spec section 2 lists for more people than their page's guard lets in are named here, so no other
// entry can drift from its guard unnoticed.

const entries = Object.entries(menuEntries).flatMap(([menu, list]) => list.map((entry) => ({ menu, entry, name: `${menu} / ${entry.label}` })));

const spec = [
  'Applications / Address Cleanse',
  'Applications / Address Lookup',
  'Applications / Email Validation',
  'Applications / Payment Validation',
  'Applications / Name Validation',
  'Administration / Account',
  'Administration / Services',
  'Administration / Tokens',
  'Administration / Address Cleanse',
  'ellipsis / Create new account',
  'ellipsis / Export API Token',
  'ellipsis / Export settings for API',
];

it("names every page a menu links to in the route table, and only these entries follow the spec's menu over the guard", () => {
  for (const { entry } of entries) expect(Object.keys(routeRules)).toContain(entry.page);
  expect(entries.filter(({ entry }) => entry.spec).map(({ name }) => name)).toEqual(spec);
});

describe.each(all)('$role with $level access, partner $partner, territory $territory', ({ role, level, partner, territory }) => {
  const { session, groups } = snapshots(role, level, partner, territory);
  const nav = navigationFor(session, groups);
  const listed = [...nav.menus.flatMap((m) => m.items.map((i) => `${m.label} / ${i.label}`)), ...nav.ellipsis.map((i) => `ellipsis / ${i.label}`)];

  it.each(entries.filter(({ entry }) => !entry.spec))("$name: the menu's decision is its page's guard's", ({ entry, name }) => {
    const guard = opensPage(entry.page, session, groups);
    const shown = showsEntry(entry, session, groups);
    if (entry.offer) expect(shown).toBe(guard && shown);
    else expect(shown).toBe(guard);
    expect(listed.includes(name)).toBe(shown);
  });

  it('shows the shop, the basket and the search icon only where their guards let the user in', () => {
    expect(nav.shop).toBe(opensPage('/shop', session, groups));
    expect(nav.basket).toBe(nav.shop);
    if (nav.search) expect(opensPage('/search', session, groups)).toBe(true);
  });
});
