import type { AuthUser } from '../../contract/users/entities';
import type { SavedSelection } from '../../machines/groupTree';

// Everything the portal keeps in local storage is under one prefix, so logout can clear it all.
// Help-tip choices are the exception: they belong to the browser, not to the session.
const prefix = 'portal.';
const keep = 'portal.helptips.';
export const storageKeys = { user: 'portal.session.user', selection: 'portal.groups.selection' } as const;

export function loadSavedUser(storage: Storage = localStorage): AuthUser | null {
  const raw = storage.getItem(storageKeys.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<AuthUser> | null;
    // A plain shape check: zod stays out of the first page's JavaScript.
    const ok =
      parsed !== null &&
      typeof parsed.jwt === 'string' &&
      typeof parsed.id === 'number' &&
      typeof parsed.userName === 'string' &&
      typeof parsed.recycleDate === 'number' &&
      Array.isArray(parsed.roles) &&
      typeof parsed.validated === 'boolean';
    return ok ? (parsed as AuthUser) : null;
  } catch {
    return null;
  }
}

export function saveUser(user: AuthUser, storage: Storage = localStorage) {
  storage.setItem(storageKeys.user, JSON.stringify(user));
}

export function clearSessionStorage(storage: Storage = localStorage) {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && key.startsWith(prefix) && !key.startsWith(keep)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
}

/** The current partner, organisation and account ids (spec section 9: kept in local storage). */
export function loadSavedSelection(storage: Storage = localStorage): SavedSelection | null {
  try {
    const parsed = JSON.parse(storage.getItem(storageKeys.selection) ?? 'null') as SavedSelection | null;
    if (!parsed || typeof parsed !== 'object') return null;
    const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
    return { partnerId: id(parsed.partnerId), organisationId: id(parsed.organisationId), accountId: id(parsed.accountId) };
  } catch {
    return null;
  }
}

export function saveSelection(saved: SavedSelection, storage: Storage = localStorage) {
  storage.setItem(storageKeys.selection, JSON.stringify(saved));
}
