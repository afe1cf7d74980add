import { groupsSettled, isSettled, requireSession } from '../routing/guards';
import type { Portal } from './portal';

/**
 * The guards decide again (the router re-runs beforeLoad and loaders) when what they read changes:
 * a different partner, organisation or account may open or close pages, and so may a change of who is
 * signed in (login, logout, a 401, validation). Returns the unsubscribe.
 */
export function invalidateOnChange(portal: Portal, router: { invalidate: () => Promise<void> }): () => void {
  let lastSelection = '';
  const selection = portal.groups.subscribe((snapshot) => {
    if (!groupsSettled(snapshot)) return;
    const { partner, organisation, account } = snapshot.context.selection;
    const key = `${partner?.id}|${organisation?.id}|${account?.id}|${account?.isOwner}`;
    if (key === lastSelection) return;
    const first = lastSelection === '';
    lastSelection = key;
    if (!first) void router.invalidate();
  });
  let lastSession = '';
  const session = portal.session.subscribe((snapshot) => {
    const { user } = snapshot.context;
    const key = `${isSettled(snapshot)}|${requireSession(snapshot) === null}|${user.id}|${user.validated}`;
    if (key === lastSession) return;
    const first = lastSession === '';
    lastSession = key;
    if (!first && isSettled(snapshot)) void router.invalidate();
  });
  return () => {
    selection.unsubscribe();
    session.unsubscribe();
  };
}
