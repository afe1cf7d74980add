// The address fields of users and groups (spec section 3), with their maximum lengths: written once,
// read by the zod schemas, the server's columns and the SPA's forms.

export const addressFields = {
  address1: 200,
  address2: 200,
  address3: 200,
  address4: 200,
  town: 100,
  county: 100,
  postcode: 20,
  country: 100,
} as const;
export type AddressField = keyof typeof addressFields;
export const addressFieldNames = Object.keys(addressFields) as AddressField[];

/** Label and browser autofill token of each field in the SPA's forms. */
export const addressInputs: Record<AddressField, { label: string; autoComplete: string }> = {
  address1: { label: 'Address line 1', autoComplete: 'address-line1' },
  address2: { label: 'Address line 2', autoComplete: 'address-line2' },
  address3: { label: 'Address line 3', autoComplete: 'address-line3' },
  address4: { label: 'Address line 4', autoComplete: 'off' },
  town: { label: 'Town', autoComplete: 'address-level2' },
  county: { label: 'County / state', autoComplete: 'address-level1' },
  postcode: { label: 'Postcode', autoComplete: 'postal-code' },
  country: { label: 'Country', autoComplete: 'country-name' },
};
