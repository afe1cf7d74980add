// CSV export of a table (RFC 4180), built and downloaded in the browser with no call to the server:
// fields with a comma, quote or line break are quoted and quotes doubled. A text starting with =, +,
// -, @, tab or CR gets a leading ' so a spreadsheet does not run it as a formula (CSV injection);
// numbers, negative ones included, stay numbers.

export type Cell = string | number | boolean | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;

function field(value: Cell): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = typeof value !== 'number' && formulaStart.test(text) && !/^-\d/.test(text) ? `'${text}` : text;
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
