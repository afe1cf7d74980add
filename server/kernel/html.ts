import type { Mail } from '../platform/mail';

// HTML for mail and server-rendered pages: every text that goes into it is escaped here.

/** Text made safe inside HTML: the five characters HTML gives meaning to. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A mail of plain paragraphs: the text joins them with blank lines, the HTML puts each in a <p>. */
export function mailOf(to: string, subject: string, lines: string[], summary: string): Mail {
  return { to, subject, text: lines.join('\n\n'), html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'), summary };
}
