import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A page that builds zod schemas at run time (it imports a contract's schemas or entities, or zod)
// must first import src/shared/zodJitless.ts: otherwise zod 4 probes `new Function` as the schemas
// are built and the portal's CSP reports an eval violation on that page.

const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [join(dir, entry.name)] : [],
  );
}

const buildsSchemas = (line: string) => /^import (?!type )/.test(line) && /from 'zod'|contract\/[^']*\/(schemas|entities)'/.test(line);

describe('pages that build zod schemas', () => {
  const files = sourceFiles(srcDir).filter((file) => !file.endsWith('zodJitless.ts'));
  const builders = files.filter((file) => readFileSync(file, 'utf8').split('\n').some(buildsSchemas));

  it('are found', () => {
    expect(builders.length).toBeGreaterThan(3);
  });

  it.each(builders.map((file) => [relative(srcDir, file), file]))('%s imports zodJitless before them', (_name, file) => {
    const imports = readFileSync(file, 'utf8').split('\n').filter((line) => /^import /.test(line));
    const jitless = imports.findIndex((line) => /zodJitless'/.test(line));
    const first = imports.findIndex(buildsSchemas);
    expect(jitless, 'no import of zodJitless').toBeGreaterThanOrEqual(0);
    expect(jitless).toBeLessThan(first);
  });
});
