import { formatDate } from '../../shared/format';

// The words of the file page.

/** Back from the gateway without paying: what happened, and that the billing details are kept. */
export const paymentOutcomeText = {
  declined: 'Your card was declined. Nothing was charged; your billing details are kept below to try again with another card.',
  cancelled: 'You cancelled the payment. Nothing was charged; your billing details are kept below for when you are ready.',
} as const;

/** Until when the paid results can be downloaded (the account's retention), or that they are gone. */
export function keptUntilText(expiresAt: number | null): string {
  return expiresAt === null ? 'The results are no longer kept: the retention period has passed.' : `The results can be downloaded until ${formatDate(expiresAt)}; after that they are deleted.`;
}
