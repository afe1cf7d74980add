import { fileEncodingNames, suppressionTypeKeys, type FileEncoding, type FileResults } from '../../../contract/bureau/entities';
import { utcDate } from '../../platform/clock';
import { dedupeLevels, outputGroups, suppressionTypeInfo } from './catalogue';

// The summary report of a results zip: one self-contained HTML page (no script, no outside file),
// headline figures first, then a bar chart each for address coding, deduplication, suppression and
// the output files, drawn as inline SVG so it opens the same in any browser, offline.

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const n = (v: number) => v.toLocaleString('en-GB');
const pct = (v: number, of: number) => (of > 0 ? `${((100 * v) / of).toFixed(1)}%` : '0%');

type Bar = { label: string; value: number; colour: string };

/** A horizontal bar chart: one labelled bar per item, its count and share at the end. */
export function barChart(title: string, bars: readonly Bar[]): string {
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  const max = Math.max(1, ...bars.map((b) => b.value));
  const row = 34;
  const height = bars.length * row + 8;
  const body = bars
    .map((b, i) => {
      const y = i * row + 4;
      const w = Math.round((b.value / max) * 300);
      return `<text x="0" y="${y + 19}" class="l">${esc(b.label)}</text><rect x="170" y="${y + 4}" width="${Math.max(w, b.value > 0 ? 2 : 0)}" height="22" rx="3" fill="${b.colour}"/><text x="${178 + w}" y="${y + 19}" class="v">${n(b.value)} (${pct(b.value, total)})</text>`;
    })
    .join('');
  return `<figure><figcaption>${esc(title)}</figcaption><svg role="img" aria-label="${esc(title)}" viewBox="0 0 620 ${height}" width="100%" preserveAspectRatio="xMinYMin meet">${body}</svg></figure>`;
}

const colours = { good: '#1b7f3b', changed: '#2f6fb5', bad: '#b3261e', neutral: '#6b6f76', warn: '#b86e00' };

export type SummaryFacts = { fileName: string; madeAt: number; dedupeLevel: string | null; usePAF: boolean; outputGroupIds: readonly number[]; encoding?: FileEncoding };

export function summaryPage(results: FileResults, facts: SummaryFacts): string {
  const r = results;
  const coded = r.codingStats;
  const level = dedupeLevels.find((d) => d.level === facts.dedupeLevel)?.name ?? 'None';
  const tiles: [string, string][] = [
    ['Records read', n(r.inputRecordCount)],
    ['Records in the cleansed file', n(r.outputRecordCount)],
    ['Matched or corrected', pct(coded.matched + coded.updated, r.inputRecordCount - r.errorCount)],
    ['Records that could not be read', n(r.errorCount)],
    ...(r.warningCount ? [['Records cleansed with a warning', n(r.warningCount)] as [string, string]] : []),
  ];
  const encoding = fileEncodingNames[facts.encoding ?? 'utf-8'];
  const warned = r.warningCount
    ? `<p class="warn">${n(r.warningCount)} ${r.warningCount === 1 ? 'record was' : 'records were'} cleansed with a warning: a character that could not be read as ${esc(encoding)} was replaced with \uFFFD, or a field longer than 1 MB was cut. The Warnings column of the output files says which. If the file's letters look wrong, choose its encoding on the mapping page and create the results again.</p>`
    : '';
  const charts = [
    barChart('Address coding', [
      { label: 'Matched as given', value: coded.matched, colour: colours.good },
      { label: 'Corrected (updated)', value: coded.updated, colour: colours.changed },
      { label: 'Not matched', value: coded.unmatched, colour: colours.bad },
    ]),
    barChart(`Deduplication (${level})`, [
      { label: 'Unique', value: r.dedupeStats.unique, colour: colours.good },
      { label: 'Parents (kept)', value: r.dedupeStats.parent, colour: colours.changed },
      { label: 'Children (duplicates)', value: r.dedupeStats.child, colour: colours.warn },
    ]),
    barChart('Suppression', suppressionTypeKeys.flatMap((t) => [
      { label: `${suppressionTypeInfo[t].name}: removed`, value: r.suppressionRemovedStats[t] ?? 0, colour: colours.bad },
      { label: `${suppressionTypeInfo[t].name}: flagged`, value: r.suppressionFlaggedStats[t] ?? 0, colour: colours.warn },
    ])),
    barChart('Output files', [
      { label: 'Cleansed', value: r.outputGroupStats.cleansed, colour: colours.good },
      { label: 'Duplicates', value: r.outputGroupStats.duplicates, colour: colours.warn },
      { label: 'Suppressed', value: r.outputGroupStats.suppressed, colour: colours.bad },
      { label: 'Errors', value: r.outputGroupStats.errors, colour: colours.neutral },
    ]),
  ];
  const updates = Object.entries(r.addressUpdateStats).sort(([a], [b]) => a.localeCompare(b));
  const groups = outputGroups.filter((g) => facts.outputGroupIds.includes(g.outputGroupId)).map((g) => g.name);
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Address cleanse summary: ${esc(facts.fileName)}</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1f23;margin:0;background:#f5f6f8}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem;margin:0 0 .25rem}p.sub{margin:0 0 1.5rem;color:#4a4f57}
.tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:1rem;margin-bottom:1.5rem}
.tile{background:#fff;border-radius:8px;padding:1rem;box-shadow:0 1px 2px #0002}.tile b{display:block;font-size:1.8rem}
figure{background:#fff;border-radius:8px;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 2px #0002}
figcaption{font-weight:600;margin-bottom:.5rem}svg text{font-size:14px;fill:#1d1f23}
p.warn{background:#fff4e0;border-left:4px solid #b86e00;padding:.75rem 1rem}
table{border-collapse:collapse;background:#fff}td,th{padding:.3rem .8rem;border-bottom:1px solid #ddd;text-align:left}
</style></head><body><main>
<h1>Address cleanse summary</h1>
<p class="sub">${esc(facts.fileName)} · made ${utcDate(facts.madeAt)} · read as ${esc(encoding)} · reference addresses ${facts.usePAF ? 'used (PAF)' : 'not used'} · deduplication ${esc(level)}</p>
<section class="tiles">${tiles.map(([label, value]) => `<div class="tile"><b>${value}</b>${esc(label)}</div>`).join('')}</section>
${warned}
${charts.join('\n')}
<figure><figcaption>Fields corrected by matching</figcaption>${
    updates.length ? `<table><tr><th>Field</th><th>Records</th></tr>${updates.map(([f, v]) => `<tr><td>${esc(f)}</td><td>${n(v)}</td></tr>`).join('')}</table>` : '<p>No field needed correcting.</p>'
  }</figure>
<p>Output groups in the cleansed file: ${esc(groups.join(', '))}. Records that could not be read are listed with their line and the reason in Errors.csv.</p>
</main></body></html>
`;
}
