import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The shop and payment calls of spec section 7, served by the plans manager (/api/plans). The
// payment gateway's webhook and the embedded test gateway's pages are the server's own, not the SPA's.

export const checkout = endpoint<typeof S.checkout>('plans', 'POST', '/shop/checkout', 'bearer');
export const getOrder = endpoint<typeof S.getOrder>('plans', 'GET', '/shop/order', 'bearer');

export const bundleInvoice = endpoint<typeof S.bundleInvoice>('plans', 'GET', '/bundles/invoice', 'bearer');
export const creditNoteLink = endpoint<typeof S.creditNoteLink>('plans', 'GET', '/payment/creditnote', 'bearer');
export const listInvoices = endpoint<typeof S.listInvoices>('plans', 'GET', '/payment/invoices', 'bearer');

export const paymentDetails = endpoint<typeof S.paymentDetailsCall>('plans', 'GET', '/payment/details', 'bearer');
export const setMonthlyCap = endpoint<typeof S.setMonthlyCap>('plans', 'PUT', '/payment/cap', 'bearer');
export const generatePayment = endpoint<typeof S.generatePayment>('plans', 'GET', '/payment/generate', 'bearer');
export const deletePayment = endpoint<typeof S.deletePayment>('plans', 'DELETE', '/payment', 'bearer');

export const listPaymentUsers = endpoint<typeof S.listPaymentUsers>('plans', 'GET', '/payment/users', 'bearer');
export const addPaymentUser = endpoint<typeof S.addPaymentUser>('plans', 'PUT', '/payment/user', 'bearer');
export const removePaymentUser = endpoint<typeof S.removePaymentUser>('plans', 'DELETE', '/payment/user', 'bearer');

export const listCharges = endpoint<typeof S.listCharges>('plans', 'GET', '/charges', 'bearer');
