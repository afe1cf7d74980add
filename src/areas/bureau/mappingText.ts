import type { MappingType } from '../../../contract/shared/bureau';

// The mapping page's refusals in the customer's words, each next to the column it concerns. The
// server words a refused field as "field: message (item N)" (server/http/errors.ts), N counting the
// columns as they were sent; its own checks name the type mapped twice ("Map one column to town: ...").

export const typeLabels: Record<MappingType, string> = { name: 'Name', organisation: 'Organisation', address: 'Address line', town: 'Town', county: 'County', postcode: 'Postcode', ignore: 'Ignore' };

/** What each refused field of a column means to the customer. */
const fieldText: Record<string, string> = {
  mappingOrder: 'Give the order as a whole number from 0 to 20',
  mappingType: 'Choose what this column holds',
  inputOrder: 'This column is not in the file: reload the page',
};

export type MappingProblems = {
  /** inputOrder -> what is wrong with that column. */
  byColumn: Map<number, string[]>;
  /** What concerns no one column. */
  other: string | null;
};

export function mappingProblems(error: string | null, sent: readonly { inputOrder: number; mappingType: MappingType }[]): MappingProblems {
  const byColumn = new Map<number, string[]>();
  if (!error) return { byColumn, other: null };
  const add = (column: number, text: string) => byColumn.set(column, [...new Set([...(byColumn.get(column) ?? []), text])]);
  const other: string[] = [];
  for (const part of error.replace(/^Failed to [^:]+: /, '').split('; ')) {
    const field = /^(\w+): .*? \(item (\d+)\)$/.exec(part);
    const column = field ? sent[Number(field[2]) - 1] : undefined;
    const twice = /^Map one column to (\w+): /.exec(part);
    const type = twice ? (Object.keys(typeLabels) as MappingType[]).find((t) => t === twice[1]) : undefined;
    if (field && column && fieldText[field[1]]) add(column.inputOrder, fieldText[field[1]]);
    else if (type && sent.some((f) => f.mappingType === type)) {
      for (const f of sent.filter((x) => x.mappingType === type)) add(f.inputOrder, `Only one column can hold the ${typeLabels[type]}: join the others into it or set them to Ignore`);
    } else other.push(part);
  }
  return { byColumn, other: other.length ? other.join('; ') : null };
}
