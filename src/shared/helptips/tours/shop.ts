import type { HelpTour } from '../../../../contract/shared/helpTips';

/** The ids the shop tours point at (src/areas/shop/ShopHome.tsx, BasketPage.tsx). */
export const shopTourTargets = { services: 'shop-services', basketIcon: 'account-bar-basket', items: 'basket-items', billing: 'basket-billing' } as const;

/** The tour of /shop. */
export const shopTour: HelpTour = {
  tourName: 'shop',
  tips: [
    {
      helpTipName: 'welcome',
      order: 1,
      side: 'middle',
      title: 'Buying clicks',
      helpText:
        '<p>Every call of a service spends one click. Here you buy bundles of clicks for the selected account, at the prices of its territory; they can be spent as soon as the payment is confirmed.</p>',
    },
    {
      helpTipName: 'services',
      order: 2,
      side: 'top',
      targetId: shopTourTargets.services,
      title: 'Choose a service',
      helpText:
        '<p>Each service lists its plans side by side, with a price calculator: type a number of clicks to see the price before and after tax, then add them to your basket.</p>',
    },
    {
      helpTipName: 'basket',
      order: 3,
      side: 'bottom',
      targetId: shopTourTargets.basketIcon,
      title: 'Your basket',
      helpText: '<p>The basket keeps the clicks you chose for this account in this browser, and shows how many plans it holds. Adding a plan that is already there adds the clicks together.</p>',
    },
  ],
};

/** The tour of /shop/basket, shown when it holds something. */
export const basketTour: HelpTour = {
  tourName: 'basket',
  tips: [
    {
      helpTipName: 'items',
      order: 1,
      side: 'top',
      targetId: shopTourTargets.items,
      title: 'What you are buying',
      helpText: '<p>Change the clicks of a plan or remove it; the prices and the total follow.</p>',
      helpTable: [
        { key: 'Net', text: 'The price of the clicks, from the plans’ price bands.' },
        { key: 'VAT or GST', text: 'VAT at 20% in the UK, GST at 10% in Australia, on the whole order.' },
        { key: 'Total', text: 'What your card is charged.' },
      ],
    },
    {
      helpTipName: 'billing',
      order: 2,
      side: 'top',
      targetId: shopTourTargets.billing,
      title: 'Billing and payment',
      helpText:
        '<p>These details are printed on your invoice. <b>Checkout</b> takes you to the payment page; after paying you come back to a thank-you page with the invoice. If the card is declined, nothing is charged and your basket stays as it was.</p>',
    },
  ],
};
