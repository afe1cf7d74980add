// CSV export of a table (RFC 4180), built and downloaded in the browser with no call to the server:
// fields with a comma, quote or line break are quoted and quotes doubled. A text a spreadsheet would
// run as a formula gets a leading ' by the rule the server's CSV files follow too
// (contract/shared/csv.ts, CSV injection); numbers stay numbers.
import { neutraliseFormula } from '../../contract/shared/csv';

export type Cell = string | number | boolean | null | undefined;

function field(value: Cell): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = typeof value === 'number' ? text : neutraliseFormula(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows (header first) as CSV text with CRLF line ends. */
export const toCsv = (rows: readonly (readonly Cell[])[]) => rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

/** Saves rows (header first) as a CSV file through the browser's download. */
export function downloadCsv(fileName: string, rows: readonly (readonly Cell[])[]) {
  // The byte order mark makes Excel read the £ and A$ signs as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
