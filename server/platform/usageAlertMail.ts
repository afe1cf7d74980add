import type { Mail } from './mail';
import { escapeHtml } from '../kernel/html';

const count = (n: number) => n.toLocaleString('en-GB');

/** Sent to the account's owners once when a subscription's use crosses a threshold they set. */
export function usageAlertMail(
  to: string,
  usage: { account: string; plan: string; threshold: number; used: number; total: number; baseUrl: string },
): Mail {
  const left = Math.max(0, usage.total - usage.used);
  const link = `${usage.baseUrl}/portal/administration/services`;
  const subject = `${usage.plan}: ${usage.threshold}% of your clicks used`;
  const lines = [
    `${usage.account} has used ${count(usage.used)} of the ${count(usage.total)} clicks of its ${usage.plan} subscription (${usage.threshold}% alert).`,
    left === 0 ? 'No clicks remain: calls to the service are refused until you buy more.' : `${count(left)} clicks remain.`,
    `Buy more clicks in the shop, or change these alerts on the services page: ${link}`,
  ];
  const text = lines.join('\n\n');
  const html = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return { to, subject, text, html, summary: `${usage.account}, ${usage.plan}: ${usage.threshold}% used` };
}
