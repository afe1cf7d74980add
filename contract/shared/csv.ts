// The one rule against CSV (formula) injection, for every CSV the portal writes: the SPA's exports
// (src/shared/csv.ts) and the server's files (the bureau's Cleansed, Duplicates, Suppressed and Errors
// CSVs, server/modules/bureau/output.ts). No zod: the login page's bundle may carry it.
//
// OWASP (CSV Injection): a spreadsheet runs a cell that starts with =, +, -, @, tab (0x09) or CR (0x0D)
// as a formula, and a formula can open links (=HYPERLINK), fetch from the web, read other cells and
// files, or start a program through DDE (=cmd|' /C calc'!A0). Such a cell gets a leading ' so the
// spreadsheet shows it as text. The writer still quotes the cell when it holds the delimiter, a quote
// or a line break, so the cell cannot end early and start another.
//
// Kept as they are, because they cannot be formulas that do harm, are values that start with + or -
// and are either
//  - a number as a spreadsheet reads one: -12.50, +447946095800, +1.5e3, -.5 (the e of an exponent
//    comes right after a digit and before digits, so it is never a cell reference such as E3); or
//  - a phone-like value: after the sign, only digits, spaces, dots, parentheses and hyphens, with at
//    least one digit: +44 20 7946 0958, +44 (0)20 7946 0958, +1-555-010-9999, -12 500.
// Why the second is safe: to do harm a formula needs a function (letters: HYPERLINK, WEBSERVICE), a
// reference to a cell, a range, a sheet or a file (letters, $, :, !, [ ], as in A1, R1C1, 1:1,
// Sheet1!A1), DDE (|) or a string ("). None of those characters is allowed, so the most a
// spreadsheet can make of such a value is arithmetic on the numbers written in it (+1-555 may be
// shown as -554, as it would if typed); it can call nothing, read nothing and send nothing. A phone
// number with spaces or hyphens is common in customer files, and a ' in front of it would be seen
// (a CSV's ' is not hidden as a typed one is) in every row. Anything else after a sign (a letter,
// another +, *, /, ^, &, %, :, $, !, |, a quote, a comma...) gets the ' as OWASP says:
// -2+3+cmd|' /C calc'!A0 and -1+1 both do.
// A value starting with a digit (0123, 1e3, 2024-01-31) or any other character is not a formula and
// is kept. A value that merely contains =, +, - or @ further on is kept too: only the start of a cell
// makes a formula, and the writer's quoting keeps the whole value in one cell. (A spreadsheet that
// splits on another character than the file's comma, as Excel does where ; is the list separator,
// could start a cell inside a value; the portal's territories, the UK and Australia, split on commas.)
//
// The ' is the only change made to a value, and it is made only to values that start with one of the
// six characters: reading the file back with a CSV parser gives every other value exactly as it was.

/** The characters a spreadsheet takes as the start of a formula (OWASP): = + - @ tab CR. */
const formulaStart = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A number as a spreadsheet reads one, with its sign. */
const signedNumber = /^[+-](\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A sign, then only digits, spaces, dots, parentheses and hyphens, at least one a digit. */
const phoneLike = /^[+-][\d .()-]*\d[\d .()-]*$/;

/** Whether a spreadsheet opening a CSV would take the text as a formula that needs neutralising. */
export const isFormulaLike = (text: string): boolean => formulaStart.has(text.charAt(0)) && !signedNumber.test(text) && !phoneLike.test(text);

/** The text a CSV cell should hold: the text itself, or with a leading ' when it would run as a formula. */
export const neutraliseFormula = (text: string): string => (isFormulaLike(text) ? `'${text}` : text);
