import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressIndex } from '../../../server/engines/address/index';
import { autoMap } from '../../../server/engines/cleanse/mapping';
import { matchAddress } from '../../../server/engines/cleanse/match';
import { parseDelimited, type ParseItem } from '../../../server/engines/cleanse/parse';
import { cleanse, type OutputRow } from '../../../server/engines/cleanse/run';
import { standardise, type InputAddress } from '../../../server/engines/cleanse/standardise';
import { referenceAddress } from '../../../server/engines/cleanse/suppress';
import { corpusFiles, corpusText, demoIndex, kinds, readAnswers, type Answer, type Kind } from './corpus/generate';

// The matching regression corpus (corpus/generate.ts): the committed customer file run through the
// engine as an upload is (parse, automatic mapping, standardise, match), every row scored against its
// committed answer. Precision: of the rows matched to a premise, the share matched to the right one.
// Recall: of the rows whose premise is in the reference data, the share matched to it. A wrong match
// (another premise, town or postcode than the row's own, or a premise where the reference has only
// the street) must never happen; the floors are the figures the engine reaches, so a change that
// loses any fails here.

const floors = { precision: 1, recall: 1, streetLevel: 1, names: 1 };

let index: AddressIndex;
let rows: OutputRow[];
let answers: Answer[];
beforeAll(async () => {
  index = demoIndex();
  answers = readAnswers();
  const items: ParseItem[] = [];
  for await (const item of parseDelimited([readFileSync(corpusFiles.input)])) items.push(item);
  const header = ['Name', 'Company', 'Address 1', 'Address 2', 'Address 3', 'Town', 'Postcode'];
  rows = [];
  const settings = { territory: 'uk' as const, index, mapping: autoMap(header, []), usePAF: true, dedupeLevel: null, separateDuplicates: false, suppression: null };
  for await (const row of cleanse(() => items, settings)) rows.push(row);
}, 60_000);

const key = (a: InputAddress) => [...a.lines, a.town, a.postcode].join(' | ').toUpperCase();

const addr = (a: Partial<InputAddress>): InputAddress => ({ name: '', organisation: '', lines: [], town: '', county: '', postcode: '', ...a });

describe('the examples customers reported, on the demo reference data', () => {
  /** The record at `postcode` whose premise and street lines are `lines`. */
  const recordAt = (postcode: string, lines: string[]) => index.byPostcode(postcode, 500).ids.find((id) => referenceAddress(index, id).lines.join('|') === lines.join('|'));
  it.each([
    // A number not at the postcode, whose street name is also another town's: street-level, not moved.
    ['7 Church Court, Cannock', addr({ lines: ['7 Church Court'], town: 'Cannock', postcode: 'WS26 9HZ' }), 'street', 'premiseNotFound', null],
    // The street with no house: street-level, never one of its houses (Meadow View).
    ['Meadow Grove, Croydon', addr({ lines: ['Meadow Grove'], town: 'Croydon', postcode: 'CR28 3TD' }), 'street', 'noPremise', null],
    // A business exactly as in the reference, its name in the Company column or as the first line.
    ['Crown Dental Practice (company)', addr({ organisation: 'Crown Dental Practice', lines: ['35 Ivy Terrace'], town: 'SHEFFIELD', postcode: 'S29 0LS' }), 'premise', null, ['S29 0LS', ['35 Ivy Terrace']]],
    ['Crown Dental Practice (line)', addr({ lines: ['Crown Dental Practice', '35 Ivy Terrace'], town: 'SHEFFIELD', postcode: 'S29 0LS' }), 'premise', null, ['S29 0LS', ['35 Ivy Terrace']]],
    // A typo in the street with the right postcode and house number.
    ['6 Chruch Court', addr({ lines: ['6 Chruch Court'], postcode: 'WS26 9HZ' }), 'premise', null, ['WS26 9HZ', ['6 Church Court']]],
  ] as const)('%s', (_, input, level, reason, at) => {
    const m = matchAddress(standardise(input, 'uk'), index, 'uk');
    expect({ level: m.level, reason: m.reason }).toEqual({ level, reason });
    if (at) {
      const id = recordAt(at[0], [...at[1]]);
      expect(id).toBeDefined();
      expect(m.recordId).toBe(id);
      expect(m.address).toMatchObject({ lines: at[1], postcode: at[0] });
      if (input.lines[0] === 'Crown Dental Practice') expect(m).toMatchObject({ code: 'matched', address: { organisation: 'Crown Dental Practice' } });
    } else {
      expect(m.code).toBe('unmatched');
      expect(m.address).toMatchObject({ lines: input.lines, postcode: input.postcode, town: input.town.toUpperCase() });
    }
  });
});

describe('matching regression corpus', () => {
  it('is what the generator makes from the demo reference data (same seed, same bytes)', () => {
    const text = corpusText(index);
    expect(text.input).toBe(readFileSync(corpusFiles.input, 'utf8'));
    expect(text.answers).toBe(readFileSync(corpusFiles.answers, 'utf8'));
    expect(answers.length).toBe(Object.values(kinds).reduce((a, b) => a + b, 0));
  });

  it('matches with no wrong match, and reports precision and recall above their floors', () => {
    const idOf = new Map<string, number>();
    for (let id = 0; id < index.size; id++) idOf.set(index.fields(id)[0], id);
    expect(rows.length).toBe(answers.length);
    type Tally = { rows: number; premise: number; matched: number; right: number; wrong: number; street: number; streetRight: number; names: number };
    const blank = (): Tally => ({ rows: 0, premise: 0, matched: 0, right: 0, wrong: 0, street: 0, streetRight: 0, names: 0 });
    const byKind = new Map<Kind | 'all', Tally>();
    const wrongs: string[] = [];
    rows.forEach((row, i) => {
      const answer = answers[i];
      expect(row.line).toBe(answer.line);
      const input = row.input.join(', ');
      const expected = referenceAddress(index, idOf.get(answer.udprn)!);
      const matched = row.matchCode === 'matched' || row.matchCode === 'updated';
      const right = matched && answer.expect === 'premise' && key(row.address) === key(expected);
      for (const t of [answer.kind, 'all'] as const) {
        const tally = byKind.get(t) ?? blank();
        byKind.set(t, tally);
        tally.rows++;
        if (answer.expect === 'premise') tally.premise++;
        else {
          tally.street++;
          // Left where it was keyed, said to be found to its street only.
          const keyed = standardise({ ...row.address, lines: [], postcode: row.input[6] ?? '', town: row.input[5] ?? '' }, 'uk');
          if (!matched && (row as { matchLevel?: string }).matchLevel === 'street' && row.address.postcode === keyed.postcode && row.address.town === keyed.town) tally.streetRight++;
        }
        if (matched) tally.matched++;
        if (right) tally.right++;
        if (matched && !right) tally.wrong++;
        if (row.address.name === answer.name) tally.names++;
      }
      if (matched && !right && wrongs.length < 10) wrongs.push(`line ${answer.line} (${answer.kind}): ${input} -> ${key(row.address)}`);
    });
    const pct = (n: number, d: number) => (d ? (100 * n) / d : 100).toFixed(1).padStart(6);
    const lines = [...byKind].filter(([kind]) => kind !== 'all').map(([kind, t]) =>
      `${kind.padEnd(14)} rows ${String(t.rows).padStart(5)}  matched ${String(t.matched).padStart(5)}  right ${String(t.right).padStart(5)}  wrong ${String(t.wrong).padStart(4)}  street-level ${String(t.streetRight).padStart(4)}/${String(t.street).padEnd(4)} names ${pct(t.names, t.rows)}%`);
    const all = byKind.get('all')!;
    const figures = {
      precision: all.matched ? all.right / all.matched : 1,
      recall: all.right / all.premise,
      streetLevel: all.street ? all.streetRight / all.street : 1,
      names: all.names / all.rows,
    };
    console.log(
      `Matching corpus (${all.rows} rows): precision ${pct(all.right, all.matched)}%  recall ${pct(all.right, all.premise)}%  wrong matches ${all.wrong}  street-level answers ${pct(all.streetRight, all.street)}%  names ${pct(all.names, all.rows)}%\n${lines.join('\n')}${wrongs.length ? `\nWrong matches, first ${wrongs.length}:\n${wrongs.join('\n')}` : ''}`,
    );
    expect(wrongs, 'wrong matches').toEqual([]);
    expect(figures.precision).toBeGreaterThanOrEqual(floors.precision);
    expect(figures.recall).toBeGreaterThanOrEqual(floors.recall);
    expect(figures.streetLevel).toBeGreaterThanOrEqual(floors.streetLevel);
    expect(figures.names).toBeGreaterThanOrEqual(floors.names);
  });
});
