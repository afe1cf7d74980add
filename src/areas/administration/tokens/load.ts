import type { Portal } from '../../../app/portal';
import { BlockedError } from '../../../routing/blocked';
import { tokensApi, type Token, type TokenAuditEntry } from '../../../api/tokens';

// What /administration/tokens loads (its route file imports this lazily). `now` is taken once, so
// the page shows the same moment throughout (an expired token says so against it).

/**
 * The selected account's tokens and their audit log. With an organisation selected and no account,
 * there is nothing to load yet: the page asks for an account.
 */
export async function loadTokens(portal: Portal) {
  const { organisation, account } = portal.groups.getSnapshot().context.selection;
  const now = Math.floor(Date.now() / 1000);
  if (!account) {
    if (!organisation) throw new BlockedError('account');
    return { account: null, organisation, tokens: [] as Token[], audit: [] as TokenAuditEntry[], now };
  }
  const api = tokensApi(portal.api);
  const [tokens, audit] = await Promise.all([api.list(account.id), api.audit(account.id)]);
  return { account, organisation, tokens, audit, now };
}

export type TokensData = Awaited<ReturnType<typeof loadTokens>>;
