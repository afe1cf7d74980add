/**
 * QA path planner: for every machine of machines/registry.ts, the paths its model-based tests run, as
 * numbered steps, and its state and transition coverage.
 *
 *   npm run paths                  readable plan, then "states c/t, transitions c/t" per machine
 *   npm run paths -- --json        { "machines": [ { id, states, transitions, paths, ... } ] }
 *   npm run paths -- --md DIR      one Markdown plan per machine: DIR/<machine id>.md
 *   npm run paths -- --coverage    only the coverage lines (what CI prints)
 *
 * Exits with 1 when a registered machine has no model or a state or transition is not covered.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { machines } from '../machines/registry';
import { coverageLine, formatMarkdown, formatText, plansOf } from '../tests/machines/harness/plan';
import { models } from '../tests/machines/models';

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: tsx tools/paths.ts [--json | --md DIR | --coverage]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let mode: 'text' | 'json' | 'md' | 'coverage' = 'text';
let dir = '';
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--json') mode = 'json';
  else if (arg === '--coverage') mode = 'coverage';
  else if (arg === '--md') {
    mode = 'md';
    dir = args[++i] ?? usage('--md needs a directory');
  } else if (arg.startsWith('--md=')) {
    mode = 'md';
    dir = arg.slice('--md='.length);
  } else usage(`unknown argument: ${arg}`);
}

// `npm run paths -- --json | head` closes the pipe early: that is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const plans = plansOf(machines, models);
const complete = plans.every(
  (p) => p.hasModel && p.states.covered === p.states.total && p.transitions.covered === p.transitions.total,
);

if (mode === 'json') {
  process.stdout.write(`${JSON.stringify({ machines: plans }, null, 2)}\n`);
} else if (mode === 'md') {
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  plans.forEach((plan, i) => {
    const file = join(out, `${plan.id}.md`);
    writeFileSync(file, formatMarkdown(plan, machines[i]));
    process.stdout.write(`${file}: ${coverageLine(plan)}\n`);
  });
} else if (mode === 'coverage') {
  process.stdout.write(`Statechart coverage by the model-based tests\n${plans.map((p) => `  ${coverageLine(p)}`).join('\n')}\n`);
} else {
  process.stdout.write(`${plans.map(formatText).join('\n\n')}\n\nCoverage\n${plans.map((p) => `  ${coverageLine(p)}`).join('\n')}\n`);
}

if (!complete) {
  process.stderr.write('Some registered machine lacks a model or is not fully covered (see above).\n');
  process.exitCode = 1;
}
