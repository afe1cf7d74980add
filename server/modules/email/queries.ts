import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { EmailResultsTable } from '../../db/schema';

// The email module's SQL: the verdicts it keeps for an account, through Kysely.

/** Keeps one verdict of an account. */
export async function insertEmailResult(db: Db, row: Insertable<EmailResultsTable>): Promise<void> {
  await db.insertInto('email_results').values(row).execute();
}

/** One verdict by id, only when it belongs to the account; undefined otherwise. */
export function emailResultOfAccount(db: Db, id: string, accountId: number) {
  return db
    .selectFrom('email_results')
    .select(['id', 'verdict', 'created_at as checkedAt'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}
