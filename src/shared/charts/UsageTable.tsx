import type { ReactNode } from 'react';
import { downloadCsv, type Cell } from '../csv';
import { ResultTable } from '../ResultTable';
import { count } from './buckets';
import './charts.css';

// The table beside a chart: the same numbers, readable by everyone, with a totals row and an
// Export CSV button whose file holds exactly the table's rows and totals (raw numbers, no separators).

export type UsageColumn<Row> = {
  header: string;
  /** The value in the CSV; numbers are shown with separators in the table and right-aligned. */
  value: (row: Row) => string | number;
  /** What the table shows, when not the value itself. */
  cell?: (row: Row) => ReactNode;
  /** The totals row's cell (a number is summed for it by the caller, from the server's totals). */
  total?: string | number;
};

type Props<Row> = {
  id: string;
  title: string;
  columns: readonly UsageColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  fileName: string;
  /** What an empty table says, with what to do about it. */
  empty: ReactNode;
  /** The totals row's first cell; no totals row when absent. */
  totalLabel?: string;
  headingLevel?: 2 | 3;
};

export function UsageTable<Row>({ id, title, columns, rows, rowKey, fileName, empty, totalLabel, headingLevel = 3 }: Props<Row>) {
  const titleId = `${id}-title`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const csv = (): Cell[][] => [
    columns.map((c) => c.header),
    ...rows.map((row) => columns.map((c) => c.value(row))),
    ...(totalLabel ? [columns.map((c, i) => (i === 0 ? totalLabel : (c.total ?? '')))] : []),
  ];
  const show = (value: string | number) => (typeof value === 'number' ? count(value) : value);
  return (
    <section className="usage-table" aria-labelledby={titleId}>
      <div className="usage-table__head">
        <Heading id={titleId}>{title}</Heading>
        {rows.length > 0 && (
          <button type="button" className="button button--small" onClick={() => downloadCsv(fileName, csv())} aria-describedby={titleId}>
            Export CSV
          </button>
        )}
      </div>
      <ResultTable
        labelledBy={titleId}
        rows={rows.map((row) => ({ id: rowKey(row), row }))}
        empty={empty}
        columns={columns.map((c) => ({
          header: c.header,
          cell: ({ row }: { row: Row }) => (c.cell ? c.cell(row) : show(c.value(row))),
          className: typeof (rows[0] === undefined ? '' : c.value(rows[0])) === 'number' ? 'num' : undefined,
        }))}
        stack
        footer={totalLabel && rows.length > 0 ? columns.map((c, i) => (i === 0 ? totalLabel : c.total === undefined ? '' : show(c.total))) : undefined}
      />
    </section>
  );
}
