import type { RuntimeConfig } from '../../../../contract/config/entities';
import type { Territory } from '../../../../contract/shared/territory';

// Export settings for API (the ellipsis menu): what a developer needs to call the data-quality
// services with an exported token. Base URLs come from the runtime config (spec section 7), made
// absolute against the page's origin, as the same deployment serves both.

export type ServiceSetting = {
  key: 'address' | 'autocomplete' | 'email' | 'bank' | 'name';
  label: string;
  baseUrl: string;
  /** One request as a curl command line, with the token in $API_TOKEN. */
  example: string;
};

export const authHeader = 'Authorization: Bearer $API_TOKEN';

/** A dataset of the territory for the address lookup example (spec section 7: GET /json/{dataset}). */
const addressDataset: Record<Territory, string> = { uk: 'PAF', australia: 'GNAF' };
const bankDataset: Record<Territory, string> = { uk: 'BANK-UK', australia: 'BANK-AU' };
/**
 * What the examples look up: an address that is in the territory's reference data (the first street
 * of the generated sample, server/engines/address/generate.ts, so in a full PAF or G-NAF file as
 * much as in the demo's), a sort code and account of the bank tables, so each example answers with
 * a result for the click it costs. tests/server/api-settings.test.ts runs every example.
 */
const sample: Record<Territory, { address: string; sortCode: string; account: string }> = {
  uk: { address: '157 Church Street, Aberdeen AB23 3BA', sortCode: '08-99-99', account: '66374958' },
  australia: { address: '76 Darling Parade, ANU ACT 0200', sortCode: '062-000', account: '12345678' },
};

/** What each example costs, as the page says it: every call of a data-quality service is one click. */
export const exampleCost = 'Each call, this example included, costs 1 click of your plan for the service.';

export function absoluteUrl(base: string, origin: string): string {
  return new URL(base, origin.endsWith('/') ? origin : `${origin}/`).href.replace(/\/$/, '');
}

const q = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

export function apiSettings(config: Pick<RuntimeConfig, 'services'>, origin: string, territory: Territory): ServiceSetting[] {
  const base = (name: ServiceSetting['key']) => absoluteUrl(config.services[name], origin);
  const s = sample[territory];
  const soap =
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ValidateAccount xmlns="urn:dataquality:bank">' +
    `<Key>$BANK_SOAP_KEY</Key><SortCode>${s.sortCode}</SortCode><AccountNumber>${s.account}</AccountNumber><Dataset>${bankDataset[territory]}</Dataset>` +
    '</ValidateAccount></soap:Body></soap:Envelope>';
  return [
    {
      key: 'address',
      label: 'Address lookup',
      baseUrl: base('address'),
      example: `curl -H "${authHeader}" "${base('address')}/json/${addressDataset[territory]}?q=${q(s.address)}"`,
    },
    {
      key: 'autocomplete',
      label: 'Address autocomplete',
      baseUrl: base('autocomplete'),
      example: `curl -H "${authHeader}" "${base('autocomplete')}/autoc/json?dataset=${addressDataset[territory]}&q=${q(s.address.slice(0, 9))}"`,
    },
    {
      key: 'email',
      label: 'Email validation',
      baseUrl: base('email'),
      example: `curl -X POST -H "${authHeader}" -H "Content-Type: application/json" -d '{"email":"someone@example.com"}' "${base('email')}/verify"`,
    },
    {
      key: 'bank',
      label: 'Bank code validation (SOAP)',
      baseUrl: base('bank'),
      // The token goes in the header; the SOAP request's embedded {key} (spec section 7) is the
      // deployment's BANK_SOAP_CREDENTIAL, which the provider gives integrators with their token.
      example: `curl -X POST -H "${authHeader}" -H "Content-Type: text/xml; charset=utf-8" --data "${soap.replace(/"/g, '\\"')}" "${base('bank')}/soap"`,
    },
    {
      key: 'name',
      label: 'Name validation',
      baseUrl: base('name'),
      example: `curl -X POST -H "${authHeader}" -H "Content-Type: application/json" -d '{"name":"Mr John Smith"}' "${base('name')}/validate"`,
    },
  ];
}
