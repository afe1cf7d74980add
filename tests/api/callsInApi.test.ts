import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every call of the API client sits in src/api/<contract module>.ts (docs/conventions.md, "One home per
// call"): areas, machines' effects, loaders and components call those wrappers, never `api.call`,
// `api.send` or a service token's `call` themselves.

const root = fileURLToPath(new URL('../../', import.meta.url));
const apiDir = join(root, 'src/api');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === apiDir ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `api.call(`, `portal.api\n  .call(`, `api.send<T>(`, `serviceTokens(api).call(`. */
const clientCall = /\b(?:api|serviceTokens\([^()]*\))\s*\.\s*(?:call|send)\s*[(<]/g;

function callsOutsideApi(files: string[]): string[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(clientCall)].map((m) => `${relative(root, file)}: ${m[0].replace(/\s+/g, '')}`),
  );
}

describe('API client calls', () => {
  const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'machines'))];

  it('are looked for in the SPA and the machines', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('are made in src/api only', () => {
    expect(callsOutsideApi(files)).toEqual([]);
  });
});
