import { currencySymbols, type Territory } from '../../../../contract/shared/territory';
import { Field, FieldError } from '../../../shared/Field';
import type { BundleFields, FieldProblems } from './bundleForm';

const describedBy = (name: string, problem: string | undefined, hint: boolean) =>
  [hint ? `field-${name}-hint` : '', problem ? `field-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

/** The clicks, dates and price of a bundle, as the create and edit forms both ask for them. */
export function BundleFieldset({
  fields,
  problems,
  onChange,
  priceHint,
  startHint,
  currency,
}: {
  fields: BundleFields;
  problems: FieldProblems;
  onChange: (name: keyof BundleFields, value: string) => void;
  priceHint: string;
  startHint?: string;
  currency: Territory;
}) {
  const field = (name: keyof BundleFields) => ({
    name,
    value: fields[name],
    onChange: (e: { currentTarget: HTMLInputElement }) => onChange(name, e.currentTarget.value),
    'aria-invalid': problems[name] ? true : undefined,
  });
  return (
    <div className="form form--grid bundle-fields">
      <div>
        <Field label="Clicks" type="number" inputMode="numeric" min={1} step={1} required {...field('clicks')} aria-describedby={describedBy('clicks', problems.clicks, false)} />
        <FieldError id="field-clicks-error" text={problems.clicks} />
      </div>
      <div>
        <Field label="Price" type="text" inputMode="decimal" required hint={`In ${currencySymbols[currency]}. ${priceHint}`} {...field('price')} aria-describedby={describedBy('price', problems.price, true)} />
        <FieldError id="field-price-error" text={problems.price} />
      </div>
      <div>
        <Field label="Start date" type="date" required hint={startHint} {...field('start')} aria-describedby={describedBy('start', problems.start, Boolean(startHint))} />
        <FieldError id="field-start-error" text={problems.start} />
      </div>
      <div>
        <Field label="End date" type="date" required {...field('end')} aria-describedby={describedBy('end', problems.end, false)} />
        <FieldError id="field-end-error" text={problems.end} />
      </div>
    </div>
  );
}
