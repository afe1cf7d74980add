import { waitFor } from 'xstate';
import { plansApi } from '../../api/plans';
import { billingApi, shopApi } from '../../api/shop';
import type { Portal } from '../../app/portal';
import { billingPrefill, prefillOfBilling, type BillingPrefill } from '../../shared/BillingFields';
import { BlockedError } from '../../routing/blocked';
import { groupsSettled } from '../../routing/guards';

// What the shop's pages load: the selected account (its territory decides the plans and the
// currency) and the plans on sale in that territory (GET /plans ?territory: the server leaves out
// deprecated plans and those outside their availability window).

export async function selectedAccount(portal: Portal) {
  await waitFor(portal.groups, groupsSettled, { timeout: 30_000 }).catch(() => undefined);
  const { account, organisation } = portal.groups.getSnapshot().context.selection;
  if (!account) throw new BlockedError('account');
  const organisationId = organisation?.id ?? account.parentId;
  if (organisationId === null) throw new BlockedError('account');
  return { account, organisation, organisationId };
}

export async function loadShop(portal: Portal) {
  const { account, organisation, organisationId } = await selectedAccount(portal);
  const plans = await plansApi(portal.api).onSale(account.territory);
  return { account, organisation, organisationId, plans };
}

export type ShopData = Awaited<ReturnType<typeof loadShop>>;

/**
 * A billing form's first values: back from a declined or cancelled payment (the order `returnedOrderId`
 * and not paid), what that payment was given; else billingPrefill (the user and the selection).
 */
export async function billingPrefillAfter(portal: Portal, returnedOrderId?: number): Promise<BillingPrefill> {
  const prefill = await billingPrefill(portal);
  if (returnedOrderId === undefined) return prefill;
  const order = await shopApi(portal.api).order(returnedOrderId).catch(() => null);
  if (!order || order.status === 'paid') return prefill;
  return prefillOfBilling(order.billing);
}

/**
 * /shop/basket: the plans (names and prices of the items) and the billing form's first values. Back
 * from a declined or cancelled payment (?orderId), the form starts with what that checkout was given.
 */
export async function loadBasketPage(portal: Portal, returnedOrderId?: number) {
  const data = await loadShop(portal);
  return { ...data, prefill: await billingPrefillAfter(portal, returnedOrderId) };
}

/** /shop/thankyou ?orderId: the order (GET /shop/order confirms a pending one with the gateway first). */
export async function loadOrder(portal: Portal, orderId: number) {
  const { account } = await selectedAccount(portal);
  const order = await shopApi(portal.api).order(orderId);
  return { account, order };
}

/** GET /bundles/invoice: a signed link to the printable invoice of the bundle's order, with a Back link here. */
export async function invoiceUrl(portal: Portal, bundleId: number, backUrl: string): Promise<string> {
  const { url } = await billingApi(portal.api).invoiceUrl(bundleId, backUrl);
  return url;
}
