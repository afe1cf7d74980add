// Bank checks and name checks per second on one core (this process, no HTTP, no database), each next
// to a baseline measured in the same run on the same inputs:
//   bank   checkUk (normalise, valacdos lookup, Vocalink modulus with its exceptions) against the
//          normalisation alone (digitsOf of sort code and account number);
//   soap   a whole SOAP request (parse with the XML rules, check, build the answer) against the
//          engine alone on the same fields: the cost of the XML;
//   name   checkName (parse, placeholders, profanity, mashing, title) against its normalisation
//          (NFC, whitespace, split into words) and against parse-full-name alone.
// Run alone: npx tsx tools/bench-banknames.ts; npm run bench runs it after the metering lines.
import { pathToFileURL } from 'node:url';
import { parseFullName } from 'parse-full-name';
import { bankMessages, checkUk, digitsOf } from '../server/engines/bank';
import { checkName } from '../server/engines/name';
import { parseSoapRequest, soapResponse } from '../server/modules/bank/soap';

/** Calls `f` over `inputs` in turns for about `ms` milliseconds; operations per second. */
function rate<T>(inputs: T[], f: (input: T) => unknown, ms = 1000): number {
  for (let i = 0; i < 2000; i++) f(inputs[i % inputs.length]); // warm up
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(ms) * 1_000_000n;
  let now = start;
  while (now < end) {
    for (let i = 0; i < 256; i++) f(inputs[n++ % inputs.length]);
    now = process.hrtime.bigint();
  }
  return n / (Number(now - start) / 1e9);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

export async function benchBankNames(ms = 1000): Promise<void> {
  // The Vocalink cases, formatted as people type them, and random 6+8 digit pairs (mostly invalid).
  const vocalink = [
    ['089999', '66374958'], ['107999', '88837491'], ['202959', '63748472'], ['871427', '46238510'], ['872427', '46238510'], ['871427', '09123496'],
    ['820000', '73688637'], ['827999', '73988638'], ['134020', '63849203'], ['118765', '64371389'], ['200915', '41011166'], ['938611', '07806039'],
    ['938600', '42368003'], ['938063', '55065200'], ['772798', '99345694'], ['086090', '06774744'], ['309070', '02355688'], ['938063', '15763217'],
    ['203099', '66831036'], ['074456', '12345112'], ['070116', '34012583'], ['180002', '00000190'],
  ];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const digits = (n: number) => Array.from({ length: n }, () => random() % 10).join('');
  const pairs = [
    ...vocalink.map(([s, a]) => [`${s.slice(0, 2)}-${s.slice(2, 4)}-${s.slice(4)}`, `${a.slice(0, 4)} ${a.slice(4)}`]),
    ...Array.from({ length: 200 }, () => [digits(6), digits(8)]),
  ];
  const engine = rate(pairs, ([s, a]) => checkUk(s, a), ms);
  const normalise = rate(pairs, ([s, a]) => [digitsOf(s, bankMessages.sortCodeEmpty, bankMessages.sortCodeChars), digitsOf(a, bankMessages.accountEmpty, bankMessages.accountChars)], ms);
  console.log('Bank checks, one core (in process)');
  console.log(`  UK modulus check:        ${fmt(engine)}/s`);
  console.log(`  baseline, normalisation: ${fmt(normalise)}/s   ratio ${(normalise / engine).toFixed(1)}x the cost of normalising`);

  const envelopes = pairs.slice(0, 60).map(([s, a]) =>
    `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ValidateAccount xmlns="urn:dataquality:bank"><Key>bench-key</Key><SortCode>${s}</SortCode><AccountNumber>${a}</AccountNumber><Dataset>BANK-UK</Dataset></ValidateAccount></soap:Body></soap:Envelope>`);
  const soap = rate(envelopes, (xml) => {
    const request = parseSoapRequest(xml);
    const r = checkUk(request.sortCode, request.accountNumber);
    return soapResponse({ dataset: 'BANK-UK', country: 'GB', sortCode: r.sortCode, accountNumber: r.accountNumber, status: r.status, valid: r.valid, tableVersion: r.tableVersion, institution: null, reasons: r.reasons, clicksLeft: 0 });
  }, ms);
  const soapEngine = rate(pairs.slice(0, 60), ([s, a]) => checkUk(s, a), ms);
  console.log(`  SOAP request in and out: ${fmt(soap)}/s   baseline the engine alone ${fmt(soapEngine)}/s, ratio ${(soapEngine / soap).toFixed(1)}x (the XML's cost)`);

  const names = [
    'Mr John Smith', 'Dr. Mary Ann de la Cruz', 'Siobhan O\'Neill-McCarthy', 'Dick Penistone', 'asdf qwer', 'jjjjj', 'Mickey Mouse', 'Mr Mary Jones',
    '毛泽东', 'محمد علي', 'Иван Петрович Сидоров', 'John Sh1t', 'Jüan Martinez de Lorenzo y Gutierez Jr.', 'Madonna', 'J. Smith', 'Test Test',
    'Aisha Bello', 'Nguyễn Văn An', 'Ms Priya Patel', 'Fanny Cradock', 'Rhys Llwyd', 'Lorenzo de Médici', 'Sammy Davis, Jr.', 'Xzqwrt Brown',
  ];
  const named = rate(names, checkName, ms);
  const split = rate(names, (n) => n.normalize('NFC').replace(/\s+/gu, ' ').trim().split(' '), ms);
  const parsed = rate(names, (n) => parseFullName(n), ms);
  console.log('Name checks, one core (in process)');
  console.log(`  checkName:               ${fmt(named)}/s`);
  console.log(`  baseline, normalisation: ${fmt(split)}/s   ratio ${(split / named).toFixed(1)}x`);
  console.log(`  baseline, parser alone:  ${fmt(parsed)}/s   ratio ${(parsed / named).toFixed(1)}x (the checks' cost over parsing)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchBankNames();
