import type { Portal } from '../../app/portal';
import { usageApi } from '../../api/usage';
import { BlockedError } from '../../routing/blocked';
import type { ReportSearch } from '../../routing/params';
import { parseReportSearch, resolveRange } from './range';

// What the reporting pages load (their route files import this lazily). The range comes from the
// URL, checked here; `now` is taken once so the page and its quick picks agree.

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The selected account; with an organisation selected and no account, nothing to report yet. */
function selection(portal: Portal) {
  const { organisation, account } = portal.groups.getSnapshot().context.selection;
  if (!account && !organisation) throw new BlockedError('account');
  return { account, organisation };
}

function context(portal: Portal, search: ReportSearch) {
  const now = nowSeconds();
  const params = parseReportSearch(search);
  return { ...selection(portal), now, params, range: resolveRange(params, now, search), api: usageApi(portal.api) };
}

const dates = (r: ReturnType<typeof resolveRange>) => ({ fromDate: r.fromDate, toDate: r.toDate, period: r.period });

/** /reporting/summary: every subscription's use in the range against what is left, and use over time. */
export async function loadSummary(portal: Portal, search: ReportSearch) {
  const { account, organisation, now, params, range, api } = context(portal, search);
  const report = account && !range.problem ? await api.planUsage({ accountId: account.id, ...dates(range) }) : null;
  return { account, organisation, now, params, range, report };
}
export type SummaryData = Awaited<ReturnType<typeof loadSummary>>;

/** /reporting/services: per plan over time (all, or the plan chosen) and per country. */
export async function loadServicesReport(portal: Portal, search: ReportSearch) {
  const { account, organisation, now, params, range, api } = context(portal, search);
  if (!account || range.problem) return { account, organisation, now, params, range, report: null, countries: null, plans: [] };
  // The list of plans to choose from is the account's, whichever is chosen.
  const all = await api.planUsage({ accountId: account.id, ...dates(range) });
  const chosen = params.planId !== undefined && all.plans.some((p) => p.planId === params.planId) ? params.planId : undefined;
  const [report, countries] = await Promise.all([
    chosen === undefined ? all : api.planUsage({ accountId: account.id, planId: chosen, ...dates(range) }),
    api.countryUsage({ accountId: account.id, planId: chosen, fromDate: range.snapped.fromDate, toDate: range.snapped.toDate - 86_400 }),
  ]);
  return { account, organisation, now, params: { ...params, planId: chosen }, range, report, countries, plans: all.plans };
}
export type ServicesReportData = Awaited<ReturnType<typeof loadServicesReport>>;

/** /reporting/tokens: per token over time and in total, and the chosen tag's detail. */
export async function loadTokensReport(portal: Portal, search: ReportSearch) {
  const { account, organisation, now, params, range, api } = context(portal, search);
  if (!account || range.problem) return { account, organisation, now, params, range, report: null, detail: null };
  const report = await api.allTokensUsage({ accountId: account.id, ...dates(range) });
  const known = params.tag !== undefined && report.tokens.some((t) => t.tokenTag.toLowerCase() === params.tag!.toLowerCase());
  const detail = known ? await api.tokenUsage({ accountId: account.id, tokenTag: params.tag!, ...dates(range) }) : null;
  return { account, organisation, now, params: { ...params, tag: known ? params.tag : undefined }, range, report, detail };
}
export type TokensReportData = Awaited<ReturnType<typeof loadTokensReport>>;
