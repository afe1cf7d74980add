import type { ReactNode } from 'react';
import './stackedTable.css';

/** One column: its header and what each row shows in it. */
export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** An id for the cell, for a control elsewhere in the row to be described by it. */
  cellId?: (row: Row) => string;
  className?: string;
};

/**
 * The table of search results and of a group's users: named by its heading (`labelledBy`), one row
 * per result, or `empty` when there is none. `stack` makes it a stacked table (stackedTable.css): on
 * a phone each row is a block of lines labelled with the column headers, so no column is off-screen.
 */
export function ResultTable<Row extends { id: number | string }>({
  labelledBy,
  columns,
  rows,
  empty,
  footer,
  stack = false,
}: {
  labelledBy: string;
  columns: ReadonlyArray<Column<Row> | false>;
  rows: readonly Row[];
  empty: ReactNode;
  /** A last row under the others (totals), one cell per shown column; the first is its row header. */
  footer?: readonly ReactNode[];
  stack?: boolean;
}) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  const shown = columns.filter((c): c is Column<Row> => c !== false);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className={stack ? 'table table--stack' : 'table'} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {shown.map((c) => (
                <td key={c.header} id={c.cellId?.(row)} className={c.className} data-label={stack ? c.header : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              {footer.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={shown[i]?.className} data-label={stack ? shown[i]?.header : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A card with a heading and its result table: the search's groups, users and tokens, a group's users. */
export function ResultSection<Row extends { id: number | string }>({
  id,
  title,
  ...table
}: {
  id: string;
  title: string;
  columns: ReadonlyArray<Column<Row> | false>;
  rows: readonly Row[];
  empty: ReactNode;
  stack?: boolean;
}) {
  const titleId = `${id}-title`;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ResultTable labelledBy={titleId} {...table} />
    </section>
  );
}
