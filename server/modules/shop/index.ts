// The shop: checkout, orders and their fulfilment, invoices and credit notes, saved cards, automatic
// renewals, and the gateway's webhook. Other modules pay through it (the bureau's results).
export { idempotencyKeyOf } from './checkout';
export { customerRefOf, portalReturnUrl, sellerOf } from './common';
export { applyPaymentOutcome } from './fulfil';
export { invoiceLink } from './invoices';
export { renewalLimits } from './paymentMethods';
export { creditNoteRows, nextNumber } from './queries';
export { invoiceIdOfOrder, orderRecord, orderState, setGatewayRef } from './orderQueries';
export { renewalQueues } from './renewals';
