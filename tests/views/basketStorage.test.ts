// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadBasket, saveBasket } from '../../src/app/baskets';
import { clearSessionStorage } from '../../src/app/storage';

// The basket is kept locally per account under portal.basket.<accountId> (spec section 3 Basket item).

const item = { organisationId: 1, ccId: 2, datasetId: 3, planId: 4, clicks: 1000 };

describe('the basket in local storage', () => {
  beforeEach(() => localStorage.clear());

  it('saves and reads the items of one account, apart from any other account', () => {
    saveBasket(2, [item, { ...item, planId: 5 }]);
    expect(JSON.parse(localStorage.getItem('portal.basket.2')!)).toEqual([item, { ...item, planId: 5 }]);
    expect(loadBasket(2)).toHaveLength(2);
    expect(loadBasket(3)).toEqual([]);
  });

  it('drops malformed entries and unreadable text, and an emptied basket leaves no key', () => {
    localStorage.setItem('portal.basket.2', JSON.stringify([item, { ...item, clicks: 0 }, { ...item, planId: '4' }, null]));
    expect(loadBasket(2)).toEqual([item]);
    localStorage.setItem('portal.basket.2', '{not json');
    expect(loadBasket(2)).toEqual([]);
    saveBasket(2, []);
    expect(localStorage.getItem('portal.basket.2')).toBeNull();
  });

  it('is forgotten with the session on logout', () => {
    saveBasket(2, [item]);
    clearSessionStorage();
    expect(loadBasket(2)).toEqual([]);
  });
});
