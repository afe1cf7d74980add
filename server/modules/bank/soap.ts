import { timingSafeEqual, createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { bankDatasets, type BankDataset, type BankResult } from '../../../contract/bank/entities';
import { AppError } from '../../errors';

// The SOAP 1.1 envelope of spec section 7 "Bank validation": a POST with an XML request holding the
// sort code, account number and dataset, with an embedded credential {key}:
//
//   <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:b="urn:dataquality:bank">
//     <soap:Body>
//       <b:ValidateAccount>
//         <b:Key>{key}</b:Key>
//         <b:SortCode>08-99-99</b:SortCode>
//         <b:AccountNumber>66374958</b:AccountNumber>
//         <b:Dataset>BANK-UK</b:Dataset>
//       </b:ValidateAccount>
//     </soap:Body>
//   </soap:Envelope>
//
// Namespace prefixes and the case of element names are not significant (any prefix, or none, is read). The parser never expands
// entities: a DOCTYPE or ENTITY declaration anywhere is refused before parsing (no billion laughs,
// no external entities), and character references stay as written (so "&#48;" is not a digit).

export const soapNamespace = 'urn:dataquality:bank';
export const soapEnvelopeNamespace = 'http://schemas.xmlsoap.org/soap/envelope/';
/** Largest request body accepted (bytes); larger ones are a fault, read no further. */
export const soapBodyLimit = 16 * 1024;

export const soapFaults = {
  empty: 'The request body is empty: send a SOAP envelope',
  malformed: (detail: string) => `The request is not well-formed XML: ${detail}`,
  doctype: 'DOCTYPE and ENTITY declarations are not accepted (no entity expansion, no external entities)',
  notEnvelope: 'The request is not a SOAP envelope with a Body holding ValidateAccount',
  missing: (field: string) => `ValidateAccount has no ${field}`,
  notText: (field: string) => `${field} must be text, given once`,
  unknownDataset: (given: string) => `Unknown dataset "${given.slice(0, 40)}": use ${bankDatasets.join(' (UK sort codes) or ')} (Australian BSBs)`,
  badKey: 'The credential (Key) in the request is not the one configured for this service',
  noKeyConfigured: 'The bank validation SOAP service has no credential configured (BANK_SOAP_CREDENTIAL): it is off',
  tooLarge: `The request body is larger than ${soapBodyLimit / 1024} KiB`,
  contentType: 'Send the SOAP envelope as text/xml or application/soap+xml',
} as const;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

export type SoapRequest = { key: string; sortCode: string; accountNumber: string; dataset: BankDataset };

/** A child element by name, its case not significant (SortCode, sortCode and sortcode alike). */
const child = (node: Record<string, unknown>, name: string): unknown => {
  const key = Object.keys(node).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : node[key];
};

const field = (node: Record<string, unknown>, name: string): string => {
  const value = child(node, name);
  if (value === undefined) throw new AppError(400, soapFaults.missing(name));
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw new AppError(400, soapFaults.notText(name));
  return value;
};

const objectAt = (node: unknown, name: string): Record<string, unknown> | null => {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
  const found = child(node as Record<string, unknown>, name);
  return found !== null && typeof found === 'object' && !Array.isArray(found) ? (found as Record<string, unknown>) : null;
};

/** Reads the request; throws AppError(400) with the fault's text for anything not acceptable. */
export function parseSoapRequest(body: unknown): SoapRequest {
  if (typeof body !== 'string' || body.trim() === '') throw new AppError(400, soapFaults.empty);
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(body)) throw new AppError(400, soapFaults.doctype);
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new AppError(400, soapFaults.malformed(`${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`));
  let doc: unknown;
  try {
    doc = parser.parse(body);
  } catch (error) {
    throw new AppError(400, soapFaults.malformed((error as Error).message));
  }
  const request = objectAt(objectAt(objectAt(doc, 'Envelope'), 'Body'), 'ValidateAccount');
  if (!request) throw new AppError(400, soapFaults.notEnvelope);
  const dataset = field(request, 'Dataset').trim();
  const known = bankDatasets.find((d) => d.toLowerCase() === dataset.toLowerCase());
  return {
    key: field(request, 'Key'),
    sortCode: field(request, 'SortCode'),
    accountNumber: field(request, 'AccountNumber'),
    dataset: known ?? (() => { throw new AppError(400, soapFaults.unknownDataset(dataset)); })(),
  };
}

/** Compares the request's key with the configured one in constant time. */
export function checkKey(given: string, configured: string | null): void {
  if (!configured) throw new AppError(503, soapFaults.noKeyConfigured);
  const digest = (s: string) => createHash('sha256').update(s).digest();
  if (!timingSafeEqual(digest(given), digest(configured))) throw new AppError(403, soapFaults.badKey);
}

export const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
    // Characters XML 1.0 cannot carry at all (the class names the control characters it allows).
    // eslint-disable-next-line no-control-regex
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');

const envelope = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<soap:Envelope xmlns:soap="${soapEnvelopeNamespace}"><soap:Body>${inner}</soap:Body></soap:Envelope>\n`;

export function soapResponse(result: BankResult): string {
  const el = (name: string, value: string | number | boolean | null) =>
    value === null ? `<${name} xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>` : `<${name}>${escapeXml(String(value))}</${name}>`;
  return envelope(
    `<ValidateAccountResponse xmlns="${soapNamespace}">` +
      el('Dataset', result.dataset) +
      el('Country', result.country) +
      el('SortCode', result.sortCode) +
      el('AccountNumber', result.accountNumber) +
      el('Status', result.status) +
      el('Valid', result.valid) +
      el('TableVersion', result.tableVersion) +
      el('Institution', result.institution) +
      `<Reasons>${result.reasons.map((r) => el('Reason', r)).join('')}</Reasons>` +
      el('ClicksLeft', result.clicksLeft) +
      (result.test ? el('Test', true) : '') +
      '</ValidateAccountResponse>',
  );
}

/** A request envelope as the comment at the top of this file writes it, for the API reference. */
export function soapRequestExample(key: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<soap:Envelope xmlns:soap="${soapEnvelopeNamespace}" xmlns:b="${soapNamespace}">\n` +
    `  <soap:Body>\n    <b:ValidateAccount>\n      <b:Key>${escapeXml(key)}</b:Key>\n      <b:SortCode>08-99-99</b:SortCode>\n` +
    `      <b:AccountNumber>66374958</b:AccountNumber>\n      <b:Dataset>BANK-UK</b:Dataset>\n    </b:ValidateAccount>\n  </soap:Body>\n</soap:Envelope>\n`
  );
}

/** A SOAP 1.1 Fault: Client for the caller's mistakes and refusals, Server otherwise. */
export function soapFault(statusCode: number, message: string): string {
  const code = statusCode < 500 ? 'soap:Client' : 'soap:Server';
  return envelope(`<soap:Fault><faultcode>${code}</faultcode><faultstring>${escapeXml(message)}</faultstring></soap:Fault>`);
}
