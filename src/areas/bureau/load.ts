import { bureauApi } from '../../api/bureau';
import type { Portal } from '../../app/portal';

// What the bureau wizard's file routes load (their route files import this lazily).

/** /file/{fileId}: the file's name for the breadcrumb, or null (the breadcrumb says "Unknown File"). */
export async function loadFileName(portal: Portal, fileId: number) {
  try {
    const file = await bureauApi(portal.api).fileQuietly(fileId);
    return { name: file.name };
  } catch {
    // The page itself says why (its machine shows the failure).
    return { name: null };
  }
}

/**
 * The file page's billing form starts from the user's details and the account's address; back from a
 * declined or cancelled payment (?orderId), from what that payment was given (the shop's code, loaded
 * with the page).
 */
export async function loadFilePage(portal: Portal, returnedOrderId?: number) {
  return { prefill: await (await import('../shop/load')).billingPrefillAfter(portal, returnedOrderId) };
}
