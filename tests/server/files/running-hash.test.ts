import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runningHashes } from '../../../server/modules/files/runningHash';

// The process's running SHA-256 of an upload: moved on only by committed chunks in order; anything
// else leaves the end to read the chunks from the storage.

const sha = (...parts: string[]) => createHash('sha256').update(parts.join('')).digest('hex');
const b = (text: string) => Buffer.from(text);

describe('running hashes', () => {
  it('follows committed chunks in order and gives the digest of exactly that many', () => {
    const hashes = runningHashes();
    const first = hashes.extend('f', 0, b('ab'));
    expect(first?.before).toBeNull();
    hashes.commit(first);
    const second = hashes.extend('f', 1, b('cd'));
    // The digest that chunk 0's row must hold for this hash to be of the stored chunks.
    expect(second?.before).toBe(sha('ab'));
    expect(second?.hash.copy().digest('hex')).toBe(sha('abcd'));
    hashes.commit(second);
    expect(hashes.digest('f', 2)).toBe(sha('abcd'));
    expect(hashes.digest('f', 2)).toBe(sha('abcd'));
    expect(hashes.digest('f', 1)).toBeNull();
    expect(hashes.digest('f', 3)).toBeNull();
  });

  it('is not moved by a chunk that was never committed, nor by one out of turn', () => {
    const hashes = runningHashes();
    hashes.commit(hashes.extend('f', 0, b('ab')));
    hashes.extend('f', 1, b('refused'));
    expect(hashes.extend('f', 2, b('ef'))).toBeNull();
    hashes.commit(hashes.extend('f', 1, b('cd')));
    expect(hashes.digest('f', 2)).toBe(sha('abcd'));
    // A stale extension (made before chunk 1 was committed) does not go back.
    const stale = hashes.extend('g', 0, b('x'));
    hashes.commit(hashes.extend('g', 0, b('y')));
    hashes.commit(hashes.extend('g', 1, b('z')));
    hashes.commit(stale);
    expect(hashes.digest('g', 2)).toBe(sha('yz'));
  });

  it('knows nothing of chunks another process took, forgets an ended upload, and keeps at most its limit', () => {
    const hashes = runningHashes(2);
    expect(hashes.extend('other', 3, b('x'))).toBeNull();
    for (const id of ['a', 'b', 'c']) hashes.commit(hashes.extend(id, 0, b(id)));
    expect(hashes.digest('a', 1)).toBeNull();
    expect(hashes.digest('c', 1)).toBe(sha('c'));
    hashes.forget('c');
    expect(hashes.digest('c', 1)).toBeNull();
  });
});
