// Types only: contract/bureau/entities builds zod schemas, which this page's chunk does without.
import type { FileResults, SuppressionTypeKey, TestResults } from '../../../contract/bureau/entities';
import { BarList, type Bar } from '../../shared/charts/BarList';
import { suppressionLabels } from './stats/statsText';

// The file page's statistics (spec section 3: test results and file results) as bar charts whose
// numbers are written beside the bars: coding, deduplication, suppression, the output files.

const coding = (c: TestResults['codingStats']): Bar[] => [
  { label: 'Matched', value: c.matched },
  { label: 'Updated', value: c.updated },
  { label: 'Unmatched', value: c.unmatched },
];
const outputFiles = (o: TestResults['outputGroupStats']): Bar[] => [
  { label: 'Cleansed', value: o.cleansed },
  { label: 'Duplicates', value: o.duplicates },
  { label: 'Suppressed', value: o.suppressed },
  { label: 'Errors', value: o.errors },
];
const suppressionBars = (rows: readonly SuppressionRow[]): Bar[] =>
  rows.flatMap((r) => [
    { label: `${suppressionLabels[r.type]}: removed`, value: r.removed },
    { label: `${suppressionLabels[r.type]}: flagged`, value: r.flagged },
  ]);
type SuppressionRow = { type: SuppressionTypeKey; removed: number; flagged: number };

/** The suppression types that caught records; a sentence when none did (a chart of noughts says less). */
function Suppression({ id, rows, total }: { id: string; rows: readonly SuppressionRow[]; total: number }) {
  const caught = rows.filter((r) => r.removed + r.flagged > 0);
  if (caught.length > 0) return <BarList id={id} title="Suppression" bars={suppressionBars(caught)} total={total} />;
  return (
    <div className="bar-list">
      <p className="bar-list__title">Suppression</p>
      <p className="muted">No record was on a suppression list you chose.</p>
    </div>
  );
}

const fieldLabel = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();

export function TestStats({ test }: { test: TestResults }) {
  const total = test.recordCount;
  return (
    <div className="bureau__charts">
      <BarList id="test-coding" title="Coding" bars={coding(test.codingStats)} total={total} />
      <BarList id="test-output" title="Output files" bars={outputFiles(test.outputGroupStats)} total={total} />
      <Suppression id="test-suppression" rows={test.suppressionStats} total={total} />
    </div>
  );
}

export function ResultStats({ results }: { results: FileResults }) {
  const total = results.inputRecordCount;
  const types = Object.keys(suppressionLabels).filter((k): k is SuppressionTypeKey => k in suppressionLabels);
  const suppression = types
    .map((type) => ({ type, removed: results.suppressionRemovedStats[type] ?? 0, flagged: results.suppressionFlaggedStats[type] ?? 0 }));
  const updates = Object.entries(results.addressUpdateStats)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, value]) => ({ label: fieldLabel(k), value }));
  const { child, parent, unique } = results.dedupeStats;
  return (
    <div className="bureau__charts">
      <BarList id="results-coding" title="Coding" bars={coding(results.codingStats)} total={total} />
      <BarList id="results-output" title="Output files" bars={outputFiles(results.outputGroupStats)} total={total} />
      {child + parent > 0 && (
        <BarList
          id="results-dedupe"
          title="Deduplication"
          bars={[
            { label: 'Parent', value: parent },
            { label: 'Child', value: child },
            { label: 'Unique', value: unique },
          ]}
          total={total}
        />
      )}
      <Suppression id="results-suppression" rows={suppression} total={total} />
      {updates.length > 0 && <BarList id="results-updates" title="Address fields updated" bars={updates} total={total} />}
    </div>
  );
}
