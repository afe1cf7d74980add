import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { AddressIndex } from './index';
import { columnsOf, parseCsvLine, type Layout } from './records';

/**
 * Streams a CSV of the layout into a new index, a line at a time, giving the event loop back every
 * `chunk` records so a server keeps answering while it loads. Lines with too few columns are
 * counted as skipped, never guessed at.
 */
export async function loadCsv(
  path: string,
  layout: Layout,
  options: { chunk?: number; onProgress?: (count: number) => void } = {},
): Promise<{ index: AddressIndex; skipped: number }> {
  const chunk = options.chunk ?? 5_000;
  const index = new AddressIndex(layout);
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let columns: number[] | null = null;
  let separator = ',';
  let skipped = 0;
  let since = 0;
  for await (const raw of lines) {
    const line = raw.replace(/^\uFEFF/, '');
    if (!line.trim()) continue;
    if (!columns) {
      // G-NAF's own exports are pipe-separated; PAF's CSV is comma-separated.
      separator = line.includes('|') && !line.includes(',') ? '|' : ',';
      columns = columnsOf(layout, parseCsvLine(line, separator));
      continue;
    }
    const cells = parseCsvLine(line, separator);
    const needed = Math.max(...columns) + 1;
    if (cells.length < needed) {
      skipped++;
      continue;
    }
    index.add(columns.map((c) => (c < 0 ? '' : cells[c])));
    if (++since === chunk) {
      since = 0;
      options.onProgress?.(index.size);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (!columns) throw new Error(`${path} is empty: it needs a header line`);
  index.finish();
  options.onProgress?.(index.size);
  return { index, skipped };
}
