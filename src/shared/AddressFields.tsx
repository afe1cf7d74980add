import { addressFieldNames, addressFields, addressInputs, type AddressField } from '../../contract/shared/address';
import { Field } from './Field';

type AddressProps = {
  values: Partial<Record<AddressField, string | null>>;
  autoFill: boolean;
  /** The fields that must be filled (marked), and what is wrong with any, under it. */
  required?: readonly string[];
  problems?: Partial<Record<string, string>>;
};

/** The address fields of a user or group (contract/shared/address.ts), filled with `values`. */
export function AddressFields({ values, autoFill, required = [], problems = {} }: AddressProps) {
  return addressFieldNames.map((name) => (
    <Field
      key={name}
      label={addressInputs[name].label}
      name={name}
      maxLength={addressFields[name]}
      // A person's own address may come from the browser's autofill; a group's is typed.
      autoComplete={autoFill ? addressInputs[name].autoComplete : undefined}
      defaultValue={values[name] ?? ''}
      mark={required.includes(name)}
      error={problems[name]}
    />
  ));
}

/** An address on one line: its filled fields, comma separated. */
export function formatAddress(values: Partial<Record<AddressField, string | null>>): string {
  return addressFieldNames
    .map((name) => values[name])
    .filter(Boolean)
    .join(', ');
}
