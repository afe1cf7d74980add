import type { Db } from '../../db';
import { chargeTransactions, pricesById } from './pricing';

// Fulfilment of a bureau order (Deps.paidOrders.bureau, called by the shop's fulfilIn, inside the one transaction whose
// `update orders ... where status = 'pending'` won): the file becomes paid and its job charge (spec
// section 3, Job charge) is written once. Nothing here reaches the gateway or mails anyone.

/**
 * Marks the file of `orderId` paid and writes its job charge from the cost fixed when the payment
 * began. The charge's unique file_id makes a second charge impossible whatever calls this twice.
 * Returns false when no file waits for this order (deleted, or another order replaced it).
 */
export async function payBureauFileIn(trx: Db, orderId: number, now: number): Promise<boolean> {
  const file = await trx
    .selectFrom('bureau_files')
    .select(['id', 'account_id', 'maf_id', 'territory', 'status', 'results', 'cost'])
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!file || file.cost === null || file.results === null) return false;
  await trx
    .updateTable('bureau_files')
    .set({ status: 'paid', paid_at: now, updated_at: now })
    .where('id', '=', file.id)
    .where('status', '=', 'results')
    .execute();
  const real = await pricesById(trx, file.cost.lines.map((line) => line.costId));
  const transactions = chargeTransactions(file.cost, file.results, real);
  await trx
    .insertInto('bureau_job_charges')
    .values({
      file_id: file.id,
      account_id: file.account_id,
      maf_id: file.maf_id,
      territory: file.territory,
      total_charges: file.cost.net,
      total_real_charges: transactions.reduce((sum, t) => sum + t.realCharge, 0),
      total_count: file.results.inputRecordCount,
      date: now,
      transactions: JSON.stringify(transactions),
    })
    .onConflict((oc) => oc.column('file_id').doNothing())
    .execute();
  return true;
}
