// CSV export of a table (RFC 4180): fields with a comma, quote or line break are quoted, quotes
// doubled. A field starting with =, +, - or @ is prefixed with ' so a spreadsheet does not run it as
// a formula (CSV injection); negative numbers stay numbers.

const formulaStart = /^[=+\-@\t\r]/;

function field(value: string): string {
  const safe = formulaStart.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows (header first) as CSV text with CRLF line ends. */
export const toCsv = (rows: readonly (readonly string[])[]) => rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

/** Saves rows as a CSV file through the browser's download, without a round trip to the server. */
export function downloadCsv(fileName: string, rows: readonly (readonly string[])[]) {
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
