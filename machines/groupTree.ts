import type { Group } from '../contract/groups/entities';

// Pure helpers over the group tree (partner > organisation > account) shared by the group machines
// and the route guards. Children arrive nested and sorted by id (spec section 3).

export type Selection = { partner: Group | null; organisation: Group | null; account: Group | null };
export const emptySelection: Selection = { partner: null, organisation: null, account: null };

export type SavedSelection = { partnerId?: number; organisationId?: number; accountId?: number };

/** Depth-first search of the trees for a group id. */
export function findGroup(trees: readonly Group[], id: number): Group | null {
  for (const group of trees) {
    if (group.id === id) return group;
    const found = findGroup(group.children ?? [], id);
    if (found) return found;
  }
  return null;
}

/** The chain from a root down to the group (inclusive), from the trees or the group's own parents. */
export function ancestry(trees: readonly Group[], group: Group): Group[] {
  const walk = (nodes: readonly Group[], path: Group[]): Group[] | null => {
    for (const node of nodes) {
      const next = [...path, node];
      if (node.id === group.id) return next;
      const found = walk(node.children ?? [], next);
      if (found) return found;
    }
    return null;
  };
  const inTrees = walk(trees, []);
  if (inTrees) {
    // A member of an account alone gets that account as a root; its parents come along with it.
    const above: Group[] = [];
    for (let g = inTrees[0].parent; g; g = g.parent) above.unshift(g);
    return [...above, ...inTrees];
  }
  const chain: Group[] = [];
  for (let g: Group | null | undefined = group; g; g = g.parent) chain.unshift(g);
  return chain;
}

const firstChild = (group: Group | null, type: Group['type']) =>
  (group?.children ?? []).filter((c) => c.type === type).sort((a, b) => a.id - b.id)[0] ?? null;

/**
 * Selecting a group selects its parents and its first descendants: a partner brings its first
 * organisation and that organisation's first account; an organisation its first account.
 */
export function selectionFor(trees: readonly Group[], group: Group): Selection {
  const chain = ancestry(trees, group);
  const partner = chain.find((g) => g.type === 'partner') ?? null;
  const organisation =
    group.type === 'account'
      ? (chain.find((g) => g.type === 'organisation') ?? null)
      : group.type === 'organisation'
        ? group
        : firstChild(group, 'organisation');
  const account = group.type === 'account' ? group : firstChild(organisation, 'account');
  return { partner, organisation, account };
}

export const savedOf = (s: Selection): SavedSelection => ({
  partnerId: s.partner?.id,
  organisationId: s.organisation?.id,
  accountId: s.account?.id,
});

/** The most specific saved group id: account, else organisation, else partner. */
export const savedGroupId = (saved: SavedSelection | null) => saved?.accountId ?? saved?.organisationId ?? saved?.partnerId;

/** Owned means owner or sudoowner on the group or above it (the server's isOwner flag). */
export const isOwned = (group: Group | null) => Boolean(group?.isOwner);

/** The account id the session attaches: only for an owned account (spec section 4). */
export const accountIdToAttach = (s: Selection) => (s.account && isOwned(s.account) ? s.account.id : undefined);

/** Every group of the trees, depth first. */
export function allGroups(trees: readonly Group[]): Group[] {
  return trees.flatMap((g) => [g, ...allGroups(g.children ?? [])]);
}

/**
 * The first selection for a user with nothing saved: their first group's, unless its account is in
 * another territory than the portal's and one of their accounts is in the portal's (spec section 2:
 * menus and guards follow the selected account's territory, so the first one should match the host).
 */
export function firstSelection(trees: readonly Group[], territory: Group['territory'] | undefined): Selection {
  if (!trees[0]) return emptySelection;
  const first = selectionFor(trees, trees[0]);
  if (!territory || !first.account || first.account.territory === territory) return first;
  const local = allGroups(trees).find((g) => g.type === 'account' && g.territory === territory);
  return local ? selectionFor(trees, local) : first;
}
