import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { emailVerdict, verifyResponse } from '../../../contract/email/schemas';
import { verifyEmail } from '../../engines/email/verify';
import { notFound } from '../../errors';
import type { MeteredCaller } from '../../http/meteredCaller';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { emailResultOfAccount, insertEmailResult } from './queries';

// POST /verify runs the engine (inside the meter: one click, refunded if this throws) and keeps the
// result for the account; GET /verify/{id} reads it back for the same account only (another
// account's id answers 404 like an unknown one) and costs nothing.

type VerifyResponse = z.input<typeof verifyResponse>;
type Verdict = z.output<typeof emailVerdict>;

export const resultNotFound = () => notFound('Email validation result not found');

/** The most the DNS part of one check may take in all; past it the answer is 'unknown'. */
const dnsDeadlineMs = 8000;

export async function verify(deps: Pick<Deps, 'db' | 'clock' | 'emailResolver'>, caller: MeteredCaller, email: string): Promise<VerifyResponse> {
  const verdict: Verdict = await verifyEmail(email, { resolver: deps.emailResolver, dnsDeadlineMs });
  const id = randomBytes(16).toString('base64url');
  const checkedAt = secondsOf(deps.clock);
  await insertEmailResult(deps.db, {
    id,
    account_id: caller.accountId,
    token_id: caller.tokenId,
    user_id: caller.userId,
    email: verdict.email,
    result: verdict.result,
    // A test call's verdict keeps its mark, so reading it again says it was a test.
    verdict: JSON.stringify(caller.test ? { ...verdict, test: true } : verdict),
    created_at: checkedAt,
  });
  return { id, checkedAt, ...verdict };
}

export async function readResult(deps: Pick<Deps, 'db'>, caller: MeteredCaller, id: string): Promise<VerifyResponse> {
  const row = await emailResultOfAccount(deps.db, id, caller.accountId);
  if (!row) throw resultNotFound();
  const verdict = (typeof row.verdict === 'string' ? JSON.parse(row.verdict) : row.verdict) as Verdict;
  return { ...verdict, id: row.id, checkedAt: row.checkedAt };
}
