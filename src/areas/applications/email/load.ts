import type { Portal } from '../../../app/portal';
import { clicksLeft, loadServicePage, type ServiceClicks } from '../clicks';

// What /applications/emailvalidation loads: the selected account, and for those who may read its
// subscriptions (owners and staff) the clicks left on its email validation subscriptions.

export type EmailClicks = ServiceClicks;

export const emailClicksLeft = (portal: Portal, accountId: number) => clicksLeft(portal, accountId, 'email');

export const loadEmailValidation = (portal: Portal) => loadServicePage(portal, 'email');

export type EmailValidationData = Awaited<ReturnType<typeof loadEmailValidation>>;
