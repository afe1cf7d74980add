import type { RuntimeConfig } from '../../../../contract/config/entities';
import type { Territory } from '../../../../contract/shared/territory';

// Export settings for API (the ellipsis menu): what a developer needs to call the data-quality
// services with an exported token. Base URLs come from the runtime config (spec section 7), made
// absolute against the page's origin, as the same deployment serves both.

export type ServiceSetting = {
  key: 'address' | 'autocomplete' | 'email' | 'bank';
  label: string;
  baseUrl: string;
  /** One request as a curl command line, with the token in $API_TOKEN. */
  example: string;
};

export const authHeader = 'Authorization: Bearer $API_TOKEN';

/** A dataset of the territory for the address lookup example (spec section 7: GET /json/{dataset}). */
const addressDataset: Record<Territory, string> = { uk: 'PAF', australia: 'GNAF' };
const bankDataset: Record<Territory, string> = { uk: 'BANKUK', australia: 'BSB' };
const sample: Record<Territory, { address: string; sortCode: string; account: string }> = {
  uk: { address: '10 Downing Street, London', sortCode: '200000', account: '55779911' },
  australia: { address: '1 Martin Place, Sydney', sortCode: '062000', account: '12345678' },
};

export function absoluteUrl(base: string, origin: string): string {
  return new URL(base, origin.endsWith('/') ? origin : `${origin}/`).href.replace(/\/$/, '');
}

const q = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

export function apiSettings(config: Pick<RuntimeConfig, 'services'>, origin: string, territory: Territory): ServiceSetting[] {
  const base = (name: ServiceSetting['key']) => absoluteUrl(config.services[name], origin);
  const s = sample[territory];
  const soap =
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ValidateAccount>' +
    `<key>$API_TOKEN</key><sortCode>${s.sortCode}</sortCode><accountNumber>${s.account}</accountNumber><dataset>${bankDataset[territory]}</dataset>` +
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
      // The SOAP request carries the token as its embedded {key} (spec section 7) as well as in the header.
      example: `curl -X POST -H "${authHeader}" -H "Content-Type: text/xml; charset=utf-8" --data "${soap.replace(/"/g, '\\"')}" "${base('bank')}"`,
    },
  ];
}
