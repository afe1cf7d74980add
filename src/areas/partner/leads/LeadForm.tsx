import { useState, type FormEvent, type ReactNode } from 'react';
import { addressFields, addressFieldNames, addressInputs } from '../../../../contract/shared/address';
import { dqServiceLabels, dqServices } from '../../../../contract/shared/catalogue';
import { leadTextLimits } from '../../../../contract/shared/leads';
import type { LeadDetail, LeadInput, LeadOption } from '../../../api/leads';
import { FieldError } from '../../../shared/Field';
import { SubmitButton } from '../../../shared/SubmitButton';
import { firstProblem, initialValue, leadBodyOf, leadProblems, offeredOptions, type LeadField, type LeadProblems } from './leadForm';

// The lead form of /partner/leads/createlead, /home/createlead and a lead's Edit: the company and its
// address, the contact, what the company wants, the odds and the close date, and the lead options.
// Checked with the server's schema before sending; each problem is said under its field.

type Props = {
  lead?: LeadDetail;
  options: readonly LeadOption[];
  busy: boolean;
  submitLabel: string;
  onSubmit: (body: LeadInput) => void;
  onCancel?: () => void;
};

const idOf = (name: string) => `lead-${name}`;
const describedBy = (name: LeadField, hint: boolean, problems: LeadProblems) =>
  [hint ? `${idOf(name)}-hint` : '', problems[name] ? `${idOf(name)}-error` : ''].filter(Boolean).join(' ') || undefined;

export function LeadForm({ lead, options, busy, submitLabel, onSubmit, onCancel }: Props) {
  const [problems, setProblems] = useState<LeadProblems>({});
  const offered = offeredOptions(options, lead);
  const chosen = new Set(lead?.options.map((o) => o.id));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = leadBodyOf(new FormData(e.currentTarget));
    const found = leadProblems(body, lead);
    setProblems(found);
    const first = firstProblem(found);
    if (first) {
      document.getElementById(idOf(first === 'services' || first === 'optionIds' ? `${first}-0` : first))?.focus();
      return;
    }
    onSubmit(body);
  };

  /** One labelled text input or text area, with its hint and its problem. */
  const text = (name: Exclude<LeadField, 'services' | 'optionIds' | 'jointMeeting'>, label: string, extra: { hint?: string; area?: boolean; type?: string; required?: boolean; inputMode?: 'numeric' | 'tel' | 'email'; autoComplete?: string; max?: number } = {}) => {
    const common = {
      id: idOf(name),
      name,
      defaultValue: initialValue(lead, name),
      maxLength: extra.max,
      'aria-invalid': problems[name] ? true : undefined,
      'aria-describedby': describedBy(name, Boolean(extra.hint), problems),
      'aria-required': extra.required || undefined,
    };
    return (
      <div className={`field${extra.area ? ' field--wide' : ''}`}>
        <label htmlFor={idOf(name)}>{label}</label>
        {extra.area ? <textarea rows={3} {...common} /> : <input type={extra.type ?? 'text'} inputMode={extra.inputMode} autoComplete={extra.autoComplete ?? 'off'} {...common} />}
        {extra.hint && (
          <small id={`${idOf(name)}-hint`} className="field__hint">
            {extra.hint}
          </small>
        )}
        <FieldError id={`${idOf(name)}-error`} text={problems[name]} />
      </div>
    );
  };
  const group = (name: 'services' | 'optionIds', legend: string, children: ReactNode, hint?: string) => (
    <fieldset className="lead-form__choices field--wide" aria-invalid={problems[name] ? true : undefined} aria-describedby={describedBy(name, Boolean(hint), problems)}>
      <legend>{legend}</legend>
      {hint && (
        <small id={`${idOf(name)}-hint`} className="field__hint">
          {hint}
        </small>
      )}
      <div className="lead-form__choice-list">{children}</div>
      <FieldError id={`${idOf(name)}-error`} text={problems[name]} />
    </fieldset>
  );

  return (
    <form className="lead-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset className="lead-form__section">
        <legend>Company</legend>
        {text('companyName', 'Company name', { required: true, max: leadTextLimits.companyName, autoComplete: 'organization' })}
        {addressFieldNames.map((name) => (
          <div key={name}>{text(name, addressInputs[name].label, { max: addressFields[name] })}</div>
        ))}
      </fieldset>
      <fieldset className="lead-form__section">
        <legend>Contact</legend>
        {text('contactName', 'Contact name', { required: true, max: leadTextLimits.contactName })}
        {text('jobTitle', 'Job title', { max: leadTextLimits.jobTitle })}
        {text('division', 'Division', { max: leadTextLimits.division })}
        {text('email', 'Email', { type: 'email', inputMode: 'email', required: true })}
        {text('phoneNumber', 'Phone number', { type: 'tel', inputMode: 'tel', max: leadTextLimits.phoneNumber })}
      </fieldset>
      <fieldset className="lead-form__section">
        <legend>What the company needs</legend>
        {group(
          'services',
          'Services',
          dqServices.map((s, i) => (
            <label key={s} className="choice">
              <input id={i === 0 ? idOf('services-0') : undefined} type="checkbox" name="services" value={s} defaultChecked={lead?.services.includes(s)} /> {dqServiceLabels[s]}
            </label>
          )),
          'At least one.',
        )}
        {text('integrations', 'Integrations', { area: true, max: leadTextLimits.integrations, hint: 'The systems the services would work in (CRM, e-commerce platform).' })}
        {text('enrichments', 'Enrichments', { area: true, max: leadTextLimits.enrichments, hint: 'Data the company would like added to its records.' })}
        {text('cleansing', 'Cleansing', { area: true, max: leadTextLimits.cleansing, hint: 'Files or databases the company would like cleansed.' })}
      </fieldset>
      <fieldset className="lead-form__section">
        <legend>The opportunity</legend>
        {text('probability', 'Probability (%)', { inputMode: 'numeric', hint: 'How likely the sale is, 0 to 100. Blank is 0 on a new lead.' })}
        {text('closeDate', 'Close date', { required: true, inputMode: 'numeric', hint: 'When you expect it to close: today or later, written dd/mm/yyyy (31/12/2026).' })}
        <div className="field field--wide">
          <label className="choice">
            <input type="checkbox" name="jointMeeting" defaultChecked={lead?.jointMeeting} /> Joint meeting wanted
          </label>
        </div>
        {offered.length > 0 &&
          group(
            'optionIds',
            'Lead options',
            offered.map((o, i) => (
              <label key={o.id} className="choice lead-form__option">
                <input id={i === 0 ? idOf('optionIds-0') : undefined} type="checkbox" name="optionIds" value={o.id} defaultChecked={chosen.has(o.id)} aria-describedby={o.requirement ? `lead-option-${o.id}` : undefined} />{' '}
                <span>
                  {o.option}
                  {o.retired && ' (retired)'}
                  {o.requirement && (
                    <small id={`lead-option-${o.id}`} className="field__hint">
                      {' '}
                      {o.requirement}
                    </small>
                  )}
                </span>
              </label>
            )),
            'Tick what applies to this lead.',
          )}
        {text('description', 'Description', { area: true, max: leadTextLimits.description })}
      </fieldset>
      <div className="form__row">
        <SubmitButton busy={busy} label={submitLabel} busyLabel="Saving…" />
        {onCancel && (
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
