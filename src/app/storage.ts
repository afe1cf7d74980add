import type { AuthUser } from '../../contract/users/entities';
import type { BasketItem } from '../../machines/basket';
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

const basketKey = (accountId: number) => `portal.basket.${accountId}`;

/** How many items the account's basket holds (spec section 3: kept locally per account). */
export function basketCount(accountId: number | undefined, storage: Storage = localStorage): number {
  return accountId === undefined ? 0 : loadBasket(accountId, storage).length;
}

/** The account's saved basket items (spec section 3 Basket item); anything malformed is dropped. */
export function loadBasket(accountId: number, storage: Storage = localStorage): BasketItem[] {
  try {
    const items = JSON.parse(storage.getItem(basketKey(accountId)) ?? '[]') as unknown;
    if (!Array.isArray(items)) return [];
    const whole = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
    return items.filter(
      (i: Partial<Record<keyof BasketItem, unknown>> | null): i is BasketItem =>
        i !== null && typeof i === 'object' && whole(i.organisationId) && whole(i.ccId) && whole(i.datasetId) && whole(i.planId) && whole(i.clicks),
    );
  } catch {
    return [];
  }
}

export function saveBasket(accountId: number, items: readonly BasketItem[], storage: Storage = localStorage) {
  if (items.length === 0) storage.removeItem(basketKey(accountId));
  else storage.setItem(basketKey(accountId), JSON.stringify(items));
}
