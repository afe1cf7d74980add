import { useState, type FormEvent } from 'react';
import { dqServiceLabels, dqServices, type DqService } from '../../../../contract/shared/catalogue';
import { maxIpRanges, maxTagLength, tokenTypeLabels, tokenTypes, type TokenType } from '../../../../contract/shared/tokens';
import { Dialog } from '../../../shared/Dialog';
import { Field, FieldError } from '../../../shared/Field';
import { tokenFormFields, tokenFormProblems, tokenServerProblems, type TokenFormField, type TokenFormProblems, type TokenFormValues } from './tokenForm';
import { capOf, dateInputOf, expiryOf, rangesOf } from './tokenText';
import type { Token } from '../../../api/tokens';

// Creating and editing a token: its tag, type, restrictions and services. Creating a credential asks
// for the owner's password again. What is typed is checked with the server's schema before it is
// sent; the server checks the rest (CIDR networks, a tag taken, an expiry in the future). Each
// problem is said under its field, in the same words either way.

export type { TokenFormValues };

const errorId = (field: TokenFormField) => `field-${field}-error`;
/** A field's aria-describedby: its hint, and its problem when it has one. */
const describedBy = (field: TokenFormField, problems: TokenFormProblems, hint = true) =>
  [hint ? `field-${field}-hint` : '', problems[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;

const servicesOf = (form: HTMLFormElement) => new FormData(form).getAll('services').filter((v): v is DqService => typeof v === 'string') as DqService[];

export function TokenFormDialog({
  token,
  busy,
  refusal,
  onCancel,
  onSubmit,
}: {
  /** The token edited; none to create one. */
  token?: Token;
  busy: boolean;
  /** The server's refusal of the last try, or null. */
  refusal: string | null;
  onCancel: () => void;
  onSubmit: (values: TokenFormValues) => void;
}) {
  const [type, setType] = useState<TokenType>(token?.type ?? 'server');
  const [checked, setChecked] = useState<TokenFormProblems>({});
  const creating = !token;
  const refused = refusal ? tokenServerProblems(refusal) : null;
  // The form's own check of the last try, else the server's refusal of it.
  const problems: TokenFormProblems = Object.keys(checked).length > 0 ? checked : (refused?.problems ?? {});
  const invalid = (field: TokenFormField) => (problems[field] ? true : undefined);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const values: TokenFormValues = {
      token: {
        tag: text('tag'),
        type,
        ipRange: rangesOf(text('ipRange')),
        referrer: text('referrer').trim() || null,
        expiry: expiryOf(text('expiry')),
        services: servicesOf(form),
        dailyCap: capOf(text('dailyCap')),
      },
      password: text('password'),
    };
    const found = tokenFormProblems(values, creating);
    setChecked(found);
    const first = tokenFormFields.find((f) => found[f]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(values);
  };

  return (
    <Dialog title={creating ? 'Create an API token' : `Edit ${token.tag}`} onClose={onCancel} describedBy="token-form-what">
      <p id="token-form-what" className="muted">
        A token lets your systems call the services you choose, on this account&apos;s clicks. Restrict it as tightly as you can: a server
        token by the IP ranges of your servers, a browser token by the host of your web pages.
      </p>
      <form className="form token-form" onSubmit={submit} aria-busy={busy} noValidate>
        <Field
          label="Tag"
          name="tag"
          required
          maxLength={maxTagLength}
          defaultValue={token?.tag}
          hint="A name for the token, unique on this account."
          aria-invalid={invalid('tag')}
          aria-describedby={describedBy('tag', problems)}
        />
        <FieldError id={errorId('tag')} text={problems.tag} />
        <fieldset className="token-form__group" aria-describedby={describedBy('type', problems, false)}>
          <legend>Type</legend>
          {tokenTypes.map((t) => (
            <label key={t} className="choice">
              <input type="radio" name="type" value={t} checked={type === t} onChange={() => setType(t)} /> {tokenTypeLabels[t]}
            </label>
          ))}
        </fieldset>
        <FieldError id={errorId('type')} text={problems.type} />
        <div className="field">
          <label htmlFor="field-ipRange">IP ranges</label>
          <textarea
            id="field-ipRange"
            name="ipRange"
            rows={3}
            defaultValue={token?.ipRange.join('\n')}
            aria-describedby={describedBy('ipRange', problems)}
            aria-invalid={invalid('ipRange')}
            spellCheck={false}
            autoCapitalize="off"
          />
          <small id="field-ipRange-hint" className="field__hint">
            One network per line in CIDR form, IPv4 or IPv6 (203.0.113.0/24, 2001:db8::/32); at most {maxIpRanges}. Empty: from anywhere.
          </small>
        </div>
        <FieldError id={errorId('ipRange')} text={problems.ipRange} />
        <Field
          label={type === 'browser' ? 'Referrer (required for a browser token)' : 'Referrer'}
          name="referrer"
          defaultValue={token?.referrer ?? ''}
          required={type === 'browser'}
          autoCapitalize="off"
          spellCheck={false}
          hint="The host of the pages that may call with it: shop.example.com, or *.example.com for its sub-domains. No https:// and no path."
          aria-invalid={invalid('referrer')}
          aria-describedby={describedBy('referrer', problems)}
        />
        <FieldError id={errorId('referrer')} text={problems.referrer} />
        <Field
          label="Expiry"
          name="expiry"
          type="date"
          defaultValue={token ? dateInputOf(token.expiry) : ''}
          hint="Leave empty for a token that never expires."
          aria-invalid={invalid('expiry')}
          aria-describedby={describedBy('expiry', problems)}
        />
        <FieldError id={errorId('expiry')} text={problems.expiry} />
        <fieldset className="token-form__group" aria-describedby={describedBy('services', problems, false)}>
          <legend>Services it may call</legend>
          <div className="token-form__services">
            {dqServices.map((s) => (
              <label key={s} className="choice">
                <input type="checkbox" name="services" value={s} defaultChecked={token ? token.services.includes(s) : s === 'addresslookup'} />{' '}
                {dqServiceLabels[s]}
              </label>
            ))}
          </div>
        </fieldset>
        <FieldError id={errorId('services')} text={problems.services} />
        <Field
          label="Daily cap"
          name="dailyCap"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue={token?.dailyCap ?? ''}
          hint="Most clicks a day (UTC) the token may spend. Empty: no cap."
          aria-invalid={invalid('dailyCap')}
          aria-describedby={describedBy('dailyCap', problems)}
        />
        <FieldError id={errorId('dailyCap')} text={problems.dailyCap} />
        {creating && (
          <>
            <Field
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              hint="A token is a credential of this account: enter your password to confirm it is you."
              aria-invalid={invalid('password')}
              aria-describedby={describedBy('password', problems)}
            />
            <FieldError id={errorId('password')} text={problems.password} />
          </>
        )}
        {refused?.rest && Object.keys(checked).length === 0 && (
          <p className="field-error" role="alert">
            {refused.rest}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : creating ? 'Create token' : 'Save changes'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** What a bulk change sets on every selected token (locking has its own buttons). */
export type BulkChoice = 'services' | 'expiry' | 'dailyCap';
const choiceLabels: Record<BulkChoice, string> = { services: 'Services', expiry: 'Expiry', dailyCap: 'Daily cap' };

export function BulkDialog({
  count,
  busy,
  onCancel,
  onSubmit,
}: {
  count: number;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (change: { services: DqService[] } | { expiry: number } | { dailyCap: number | null }) => void;
}) {
  const [choice, setChoice] = useState<BulkChoice>('services');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    if (choice === 'services') onSubmit({ services: servicesOf(form) });
    else if (choice === 'expiry') onSubmit({ expiry: expiryOf(String(data.get('expiry') ?? '')) });
    else onSubmit({ dailyCap: capOf(String(data.get('dailyCap') ?? '')) });
  };
  return (
    <Dialog title={`Change ${count} token${count === 1 ? '' : 's'}`} onClose={onCancel} describedBy="bulk-what">
      <p id="bulk-what" className="muted">
        One change for every selected token, made to all of them or to none.
      </p>
      <form className="form" onSubmit={submit} aria-busy={busy}>
        <fieldset className="token-form__group">
          <legend>What to change</legend>
          {(Object.keys(choiceLabels) as BulkChoice[]).map((c) => (
            <label key={c} className="choice">
              <input type="radio" name="choice" value={c} checked={choice === c} onChange={() => setChoice(c)} /> {choiceLabels[c]}
            </label>
          ))}
        </fieldset>
        {choice === 'services' && (
          <fieldset className="token-form__group">
            <legend>Services they may call</legend>
            <div className="token-form__services">
              {dqServices.map((s) => (
                <label key={s} className="choice">
                  <input type="checkbox" name="services" value={s} /> {dqServiceLabels[s]}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {choice === 'expiry' && <Field label="New expiry" name="expiry" type="date" hint="Leave empty for tokens that never expire." />}
        {choice === 'dailyCap' && (
          <Field label="New daily cap" name="dailyCap" type="number" inputMode="numeric" min={1} step={1} hint="Most clicks a day (UTC) each token may spend. Empty: no cap." />
        )}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Apply to selected tokens'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
