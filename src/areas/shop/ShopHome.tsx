import { Link, useLoaderData } from '@tanstack/react-router';
import { formatMoney } from '../../../contract/shared/catalogue';
import { territoryLabels } from '../../../contract/shared/territory';
import { PageTour } from '../../shared/helptips/PageTour';
import { shopTour, shopTourTargets } from '../../shared/helptips/tours/shop';
import { plansOfPage, shopPageKeys, shopPages, type ShopPageKey } from './shopPages';
import './shop.css';

// /shop: a card per service with plans on sale in the account's territory (Payment Validation only
// where bank code plans are sold, i.e. the UK), each with its lowest rate and a link to its plans.

const pageRoutes = {
  addresslookup: '/shop/addresslookup',
  paymentValidation: '/shop/paymentValidation',
  emailValidation: '/shop/emailValidation',
  nameValidation: '/shop/nameValidation',
} as const satisfies Record<ShopPageKey, string>;

export { pageRoutes };

export default function ShopHome() {
  const { account, plans } = useLoaderData({ from: '/_signedIn/_validated/shop/' });
  const cards = shopPageKeys.map((key) => ({ key, plans: plansOfPage(plans, key) })).filter((c) => c.plans.length > 0);
  return (
    <div className="shop">
      <h1>Shop</h1>
      <p className="muted">
        Buy clicks for <strong>{account.name}</strong> ({territoryLabels[account.territory]}). Prices are per 1,000 clicks before{' '}
        {account.territory === 'uk' ? 'VAT' : 'GST'}; clicks can be spent as soon as the payment is confirmed.
      </p>
      {cards.length === 0 ? (
        <div className="empty-state">
          <p>No plans are on sale in your territory just now.</p>
        </div>
      ) : (
        <ul className="tiles shop-tiles" id={shopTourTargets.services}>
          {cards.map(({ key, plans: sold }) => {
            const lowest = Math.min(...sold.flatMap((p) => p.pricing.map((t) => t.pricePer1000)));
            return (
              <li key={key} className="tile shop-tile">
                <h2>
                  <Link to={pageRoutes[key]}>{shopPages[key].title}</Link>
                </h2>
                <p>{shopPages[key].blurb}</p>
                <p className="shop-tile__price">
                  {sold.length} {sold.length === 1 ? 'plan' : 'plans'}, from {formatMoney(lowest, account.territory)} per 1,000 clicks
                </p>
                <Link to={pageRoutes[key]} className="button button--small">
                  See plans<span className="sr-only"> for {shopPages[key].title}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {cards.length > 0 && <PageTour tour={shopTour} />}
    </div>
  );
}
