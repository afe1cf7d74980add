import type { Db } from '../../db';

/** Ids of the groups whose name contains the pattern (ilike), or with the id. */
export async function searchGroupIds(db: Db, pattern: string, id: number | null, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where((eb) => eb.or([eb('name', 'ilike', pattern), ...(id === null ? [] : [eb('id', '=', id)])]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
