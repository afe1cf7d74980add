import type { z } from 'zod';
import type { LeadOption } from '../../../contract/leads/entities';
import type { leadOptionInput, leadOptionUpdate } from '../../../contract/leads/schemas';
import { leadMessages } from '../../../contract/shared/leads';
import type { Trx } from '../../db';
import { conflict, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertUserMay, isRowId, type Caller } from '../access/index';
import { isUniqueViolation } from '../../db/errors';
import { deleteLeadOptionRow, insertLeadOption, isOptionChosen, leadOptionForUpdate, optionRows, toOption, updateLeadOptionRow } from './queries';

// Lead options (spec section 3, Lead option; section 6: lead form administration is super's). Any
// signed-in user reads them (the lead form offers them); only super adds, changes, retires and
// deletes. An option chosen on a lead is never deleted (409): it is retired, which takes it off the
// form and keeps it on the leads that chose it.

type OptionDeps = Pick<Deps, 'db' | 'clock'>;

export const optionNotFound = () => notFound('Lead option not found');

function assertSuper(caller: Caller): void {
  assertUserMay(caller, 'administer the lead form');
}

/** Two writers may pass the same text at once; the unique index decides, and says it the same way. */
async function uniqueSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`option: ${leadMessages.duplicateOption}`);
    throw error;
  }
}

async function optionToChange(trx: Trx, id: number) {
  if (!isRowId(id)) throw optionNotFound();
  const row = await leadOptionForUpdate(trx, id);
  if (!row) throw optionNotFound();
  return row;
}

/** GET /lead/option: every option, those offered first; the form offers the ones not retired. */
export function listLeadOptions(deps: OptionDeps): Promise<LeadOption[]> {
  return optionRows(deps.db);
}

/** POST /lead/option (super). Answers 201. */
export async function createLeadOption(deps: OptionDeps, caller: Caller, body: z.output<typeof leadOptionInput>): Promise<LeadOption> {
  assertSuper(caller);
  const now = secondsOf(deps.clock);
  const row = await uniqueSafe(() =>
    insertLeadOption(deps.db, { option: body.option, requirement: body.requirement, created_at: now, updated_at: now }),
  );
  return toOption(row);
}

/** PUT /lead/option ?id (super): the text, the requirement, or retired. */
export async function updateLeadOption(
  deps: OptionDeps,
  caller: Caller,
  input: { query: { id: number }; body: z.output<typeof leadOptionUpdate> },
): Promise<LeadOption> {
  assertSuper(caller);
  const now = secondsOf(deps.clock);
  const row = await uniqueSafe(() =>
    deps.db.transaction().execute(async (trx) => {
      const stored = await optionToChange(trx, input.query.id);
      return updateLeadOptionRow(trx, stored.id, { ...input.body, updated_at: now });
    }),
  );
  return toOption(row);
}

/** DELETE /lead/option ?id (super): an option never chosen; one chosen on a lead is 409 (retire it instead). */
export async function deleteLeadOption(deps: OptionDeps, caller: Caller, query: { id: number }): Promise<{ msg: string }> {
  assertSuper(caller);
  await deps.db.transaction().execute(async (trx) => {
    const stored = await optionToChange(trx, query.id);
    // The choices reference the option with no cascade: a lead choosing it concurrently waits on
    // the row lock held here, then finds it gone or sees the delete refused.
    if (await isOptionChosen(trx, stored.id)) throw conflict(leadMessages.optionInUse);
    await deleteLeadOptionRow(trx, stored.id);
  });
  return { msg: 'Lead option deleted' };
}
