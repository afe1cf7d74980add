import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Deduper, dedupeHash, dedupeKey, dedupeLevels, hashKey } from '../../../server/engines/cleanse/dedupe';
import { standardise, standardiseForKey, type InputAddress, type Territory } from '../../../server/engines/cleanse/standardise';

// The dedupe count (the first pass over a file) makes keys from standardiseForKey, which skips the
// capitals; the flags of the second pass come from the hashes it remembered. Both must give what
// keying the full standard form in the second pass gave.

/** Text as customers key it: words in any case, stray spaces and commas, flat letters, accents, postcodes and towns. */
const piece = fc.constantFrom(
  'high', 'STREET', 'Rd', ' ', '  ', ',', ', ', '12a', '7B', 'flat 3', "o'neil", 'st. mary', 'côte', 'İstanbul', 'straße', '-', '(rear)',
  'ws11 1aa', 'WS111AA', 'sw1a 2aa', 'leeds', 'NEWCASTLE UPON TYNE', 'mr', 'Mrs', 'Dr', 'smith', 'j.', '2000', 'nsw',
);
const text = fc.tuple(fc.array(piece, { maxLength: 6 }), fc.constantFrom(' ', '', '  ')).map(([parts, sep]) => parts.join(sep));
const address: fc.Arbitrary<InputAddress> = fc.record({
  name: text,
  organisation: text,
  lines: fc.array(text, { maxLength: 4 }),
  town: text,
  county: text,
  postcode: text,
});

describe('the dedupe count', () => {
  it('keys an address from standardiseForKey exactly as from standardise, at every level and in both territories', () => {
    fc.assert(
      fc.property(address, fc.constantFrom<Territory>('uk', 'australia'), (a, territory) => {
        for (const level of dedupeLevels) expect(dedupeKey(standardiseForKey(a, territory), level)).toBe(dedupeKey(standardise(a, territory), level));
      }),
      { numRuns: 3000 },
    );
  });

  it('hashes a key while making it (dedupeHash) exactly as hashKey hashes the key made whole', () => {
    fc.assert(
      fc.property(address, fc.constantFrom<Territory>('uk', 'australia'), (a, territory) => {
        for (const std of [a, standardise(a, territory)]) {
          for (const level of dedupeLevels) {
            const key = dedupeKey(std, level);
            expect(dedupeHash(std, level)).toBe(key === null ? null : hashKey(key));
          }
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('flags each record from the group it remembered, as flag() does from the key, past its first buffer and with records without a key', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? null : `key ${(i * 7919) % 1300}`));
    const remembered = new Deduper();
    const rekeyed = new Deduper();
    for (const key of keys) {
      remembered.count(key);
      rekeyed.count(key);
    }
    remembered.countDone();
    const flags = keys.map(() => remembered.flagNext());
    expect(flags).toEqual(keys.map((key) => rekeyed.flag(key)));
    expect(new Set(flags.map((f) => f.flag))).toEqual(new Set(['parent', 'child', 'unique']));
    expect(flags.filter((_, i) => keys[i] === null).every((f) => f.flag === 'unique' && f.group === 0)).toBe(true);
    expect(() => remembered.flagNext()).toThrow(/more records than were counted/);
    // The hashes are let go once counted: no more counting, and flags only in order.
    expect(() => remembered.count('key 1')).toThrow(/the count is done/);
    expect(() => remembered.flag('key 1')).toThrow(/the count is done/);
  });
});
