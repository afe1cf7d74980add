import type { DqService } from '../../../contract/shared/catalogue';
import type { Plan } from '../../../contract/plans/entities';
import type { BasketNotice } from '../../../machines/basket';
import { formatCount } from '../../../contract/shared/numbers';

// The shop's service pages (spec section 2): which catalogue services each sells, and the words the
// basket says. Address cleanse is paid per file in the bureau, not sold here.

export type ShopPageKey = 'addresslookup' | 'paymentValidation' | 'emailValidation' | 'nameValidation';

export const shopPages: Record<ShopPageKey, { title: string; services: readonly DqService[]; blurb: string }> = {
  addresslookup: { title: 'Address Lookup', services: ['addresslookup', 'autocomplete'], blurb: 'Find and complete addresses as they are typed.' },
  paymentValidation: { title: 'Payment Validation', services: ['bankcode'], blurb: 'Check sort codes and account numbers before you collect.' },
  emailValidation: { title: 'Email Validation', services: ['email'], blurb: 'Catch mistyped and undeliverable email addresses.' },
  nameValidation: { title: 'Name Validation', services: ['name'], blurb: 'Split, tidy and check the names of your customers.' },
};

export const shopPageKeys = Object.keys(shopPages) as ShopPageKey[];

export const plansOfPage = (plans: readonly Plan[], key: ShopPageKey) =>
  plans.filter((p) => shopPages[key].services.includes(p.service)).sort((a, b) => a.displayOrder - b.displayOrder || a.planId - b.planId);

export const declinedText = 'Your card was declined. Nothing was charged and your basket is unchanged.';
export const cancelledText = 'You cancelled the payment. Nothing was charged and your basket is unchanged.';
export const emptyBasketText = 'No items in basket';

/** What the basket says about the last thing that happened to it. */
export function noticeText(notice: BasketNotice, planName: (planId: number) => string): string {
  switch (notice.kind) {
    case 'merged':
      return `${planName(notice.planId)} was already in your basket: the clicks were added together (now ${formatCount(notice.clicks)}).`;
    case 'full':
      return 'Your basket holds as many plans as one order takes: check out or remove one first.';
    case 'declined':
      return declinedText;
    case 'cancelled':
      return cancelledText;
    case 'paid':
      return 'Thank you: your order is paid and its items have left your basket.';
  }
}
