// What a customer's file looks like before it is parsed: its delimiter, whether its first line is a
// header, where a quoted field spans lines, and how many fields and how long the longest one a
// record has (checked against the bureau's file limits before anything splits the record).

export type Delimiter = ',' | ';' | '\t' | '|';

const delimiters: Delimiter[] = [',', ';', '\t', '|'];

/** Whether a line ends inside a quoted field, starting from `inQuote` (RFC 4180 with "" as escape). */
export function endsInQuote(text: string, d: string, inQuote: boolean): boolean {
  if (!inQuote && !text.includes('"')) return false;
  let q = inQuote;
  let fieldStart = !inQuote;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else q = false;
      }
    } else if (c === d) fieldStart = true;
    else {
      if (c === '"' && fieldStart) q = true;
      fieldStart = false;
    }
  }
  return q;
}

/**
 * A record's field count and the length of its longest field (quotes and "" escapes undone), read
 * as endsInQuote and csv-parse read it (a quote opens a field only at its start): one pass with no
 * strings made, so a record of any width is measured before anything splits it.
 */
export function measureRecord(text: string, d: string): { fields: number; longest: number } {
  const delimiter = d.charCodeAt(0);
  let fields = 1;
  let longest = 0;
  let length = 0;
  let q = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (q) {
      if (c !== 34) length++;
      else if (text.charCodeAt(i + 1) === 34) {
        length++;
        i++;
      } else q = false;
    } else if (c === delimiter) {
      if (length > longest) longest = length;
      length = 0;
      fields++;
      fieldStart = true;
      continue;
    } else if (c === 34 && fieldStart) q = true;
    else length++;
    fieldStart = false;
  }
  return { fields, longest: Math.max(longest, length) };
}

/** The delimiter whose count per line is most often the same and above zero over the sample. */
export function detectDelimiter(lines: readonly string[]): Delimiter {
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const d of delimiters) {
    const counts = new Map<number, number>();
    for (const l of lines) {
      const n = l.split(d).length - 1;
      if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    const top = Math.max(0, ...counts.values());
    if (top > bestScore) [best, bestScore] = [d, top];
  }
  return best;
}

const headerWord = /^(name|full ?name|first ?name|forename|surname|last ?name|title|initials?|org(ani[sz]ation)?|company|business|dep(artmen)?t|addr(ess)?|line|street|thoroughfare|premise|building|house|flat|locality|suburb|district|town|city|post ?town|county|state|region|post ?code|zip|postal ?code|country|phone|tel|email|id|ref(erence)?|urn|dob)/i;
const digits = /\d/;

/** A first row is a header when it names address columns, or when it has no digits where later rows do. */
export function detectHeader(rows: readonly string[][]): boolean {
  const [first, ...rest] = rows;
  if (!first || first.some((c) => !c.trim())) return false;
  if (first.some((c) => /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i.test(c.trim()) || /^\d{4}$/.test(c.trim()))) return false;
  const named = first.filter((c) => headerWord.test(c.trim().replace(/[_-]/g, ' '))).length;
  if (named >= Math.max(1, Math.ceil(first.length / 3))) return true;
  return first.every((c) => !digits.test(c)) && rest.some((r) => r.some((c) => digits.test(c)));
}

/** Up to `max` lines taken evenly across `lines` (the free test's sample of the first chunk), first line always in. */
export function sampleEvenly<T>(lines: readonly T[], max = 300): T[] {
  if (lines.length <= max) return [...lines];
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(lines[Math.floor((i * lines.length) / max)]);
  return out;
}
