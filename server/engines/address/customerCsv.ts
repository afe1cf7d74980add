import { neutraliseFormula } from '../../../contract/shared/csv';
import { pafParts } from './format';
import { ukSample } from './generate';

// A customer file of UK addresses a person might upload (the demo's bureau file, the whole-workflow
// e2e): the first records of the generated UK reference sample (the same generator and seed, so
// they match), each with a made-up name, in the columns a CRM export has. Some rows are changed the
// way real files go wrong (the town in lower case, the postcode without its space), so a cleanse
// has something to correct.

const forenames = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Susan', 'Peter', 'Helen'];
const surnames = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Evans', 'Walker', 'White', 'Green'];

export const customerCsvHeader = ['Name', 'Company', 'Address 1', 'Address 2', 'Address 3', 'Town', 'Postcode'];

// Made from fixed lists, so nothing here starts a formula; the portal's one rule is applied all the same
// (contract/shared/csv.ts), as to every CSV the server writes for people to open.
const field = (text: string) => {
  const f = neutraliseFormula(text);
  return /[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f;
};

/** Records apart in the reference: one in `stride`, so the file spans streets and towns. */
const stride = 13;

/** `rows` data lines after a header, CRLF line ends. Every seventh row is a bit wrong; every twentieth is repeated. */
export function ukCustomerCsv(rows: number): string {
  const lines = [customerCsvHeader.join(',')];
  let n = 0;
  let i = 0;
  for (const record of ukSample(rows * stride)) {
    if (i >= rows) break;
    if (n++ % stride !== 0) continue;
    const p = pafParts(record, '', false);
    const name = `${forenames[i % forenames.length]} ${surnames[(i * 5) % surnames.length]}`;
    const messy = i % 7 === 3;
    const town = messy ? p.town.toLowerCase() : p.town;
    const postcode = messy ? p.postcode.replace(' ', '') : p.postcode;
    const line = [name, p.organisation.join(' '), p.lines[0] ?? '', p.lines[1] ?? '', p.lines[2] ?? '', town, postcode].map(field).join(',');
    lines.push(line);
    i++;
    // Every twentieth customer is in the file twice, as CRM exports have them.
    if (i % 20 === 0 && i < rows) {
      lines.push(line);
      i++;
    }
  }
  return lines.join('\r\n') + '\r\n';
}
