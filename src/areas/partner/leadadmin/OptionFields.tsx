import { useState, type FormEvent, type ReactNode } from 'react';
import { leadTextLimits } from '../../../../contract/shared/leads';
import type { LeadOption, LeadOptionInput } from '../../../api/leads';
import { FieldError } from '../../../shared/Field';
import { optionBodyOf, type OptionProblems } from './optionForm';

/** The option and requirement of a lead option, checked before `onSubmit` gets them; `actions` are the form's buttons. */
export function OptionForm({ id, option, busy, onSubmit, actions }: { id: string; option?: LeadOption; busy: boolean; onSubmit: (body: LeadOptionInput) => void; actions: ReactNode }) {
  const [problems, setProblems] = useState<OptionProblems>({});
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { body, problems: found } = optionBodyOf(new FormData(e.currentTarget));
    setProblems(found);
    if (found.option || found.requirement) {
      document.getElementById(`${id}-${found.option ? 'option' : 'requirement'}`)?.focus();
      return;
    }
    onSubmit(body);
  };
  const describedBy = (name: 'option' | 'requirement') => [`${id}-${name}-hint`, problems[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className="lead-option-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${id}-option`}>Option</label>
        <input id={`${id}-option`} name="option" defaultValue={option?.option} maxLength={leadTextLimits.option} aria-required aria-invalid={problems.option ? true : undefined} aria-describedby={describedBy('option')} />
        <small id={`${id}-option-hint`} className="field__hint">
          What a partner ticks on a lead, such as “Migrating from another provider”.
        </small>
        <FieldError id={`${id}-option-error`} text={problems.option} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-requirement`}>Requirement</label>
        <textarea id={`${id}-requirement`} name="requirement" rows={2} defaultValue={option?.requirement} maxLength={leadTextLimits.requirement} aria-invalid={problems.requirement ? true : undefined} aria-describedby={describedBy('requirement')} />
        <small id={`${id}-requirement-hint`} className="field__hint">
          What it asks of us or of the partner; shown beside the option on the form. Optional.
        </small>
        <FieldError id={`${id}-requirement-error`} text={problems.requirement} />
      </div>
      <div className="form__row">{actions}</div>
    </form>
  );
}
