import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Route files' validateSearch and params stay in the first chunk of the SPA (the router needs them
// before any page loads), so a route file importing zod at run time puts zod in that chunk, and
// zod's first parse probes `Function('')`, which the CSP reports as an eval violation on every page.
// Route files parse with the plain functions of src/routing/params.ts instead.

const routesDir = fileURLToPath(new URL('../../src/routes/', import.meta.url));

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('route files', () => {
  const files = routeFiles(routesDir).filter((file) => !file.endsWith('routeTree.gen.ts'));

  it('are found', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files.map((file) => [relative(routesDir, file), file]))('%s imports no zod and no contract schemas at run time', (_name, file) => {
    const runtimeImports = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^import (?!type )/.test(line));
    expect(runtimeImports.filter((line) => /from 'zod'|contract\/[^']*\/(schemas|entities)'/.test(line))).toEqual([]);
  });
});
