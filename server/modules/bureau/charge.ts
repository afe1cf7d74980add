import type { Db } from '../../db';
import { insertJobChargeOnce, pricesById } from './costQueries';
import { chargeTransactions } from './pricing';
import { fileOfOrderForUpdate, markFilePaid } from './queries';

// Fulfilment of a bureau order (Deps.paidOrders.bureau, called by the shop's fulfilIn, inside the one transaction whose
// `update orders ... where status = 'pending'` won): the file becomes paid and its job charge (spec
// section 3, Job charge) is written once. Nothing here reaches the gateway or mails anyone.

/**
 * Marks the file of `orderId` paid and writes its job charge from the cost fixed when the payment
 * began. The charge's unique file_id makes a second charge impossible whatever calls this twice.
 * Returns false when no file waits for this order (deleted, or another order replaced it).
 */
export async function payBureauFileIn(trx: Db, orderId: number, now: number): Promise<boolean> {
  const file = await fileOfOrderForUpdate(trx, orderId);
  if (!file || file.cost === null || file.results === null) return false;
  await markFilePaid(trx, file.id, now);
  const real = await pricesById(trx, file.cost.lines.map((line) => line.costId));
  const transactions = chargeTransactions(file.cost, file.results, real);
  await insertJobChargeOnce(trx, {
    file_id: file.id,
    account_id: file.account_id,
    maf_id: file.maf_id,
    territory: file.territory,
    total_charges: file.cost.net,
    total_real_charges: transactions.reduce((sum, t) => sum + t.realCharge, 0),
    total_count: file.results.inputRecordCount,
    date: now,
    transactions: JSON.stringify(transactions),
  });
  return true;
}
