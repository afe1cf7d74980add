import { useState, type FormEvent } from 'react';
import { dqServiceLabels, formatMoney } from '../../../../contract/shared/catalogue';
import { endReasonProblem } from '../../../../contract/shared/catalogueRules';
import { creditNoteKindLabels, creditNoteKinds, salesTax, taxOn, unusedShare, type CreditNoteKind } from '../../../../contract/shared/shop';
import { currencySymbols } from '../../../../contract/shared/territory';
import { Dialog } from '../../../shared/Dialog';
import { Field, FieldError, formValues } from '../../../shared/Field';
import { majorUnitsProblem, majorUnitsText, minorUnitsOf } from '../../../shared/money';
import { count, renewalText } from './summary';
import type { AccountPlan, Bundle, Plan } from '../../../api/plans';

// The decisions the services page asks for before it acts: disabling and enabling a subscription,
// deleting a bundle, ending a paid one. Each says what the action means; the page runs it and closes the dialog once
// the server has agreed (a refusal shows the Error modal over the dialog, to try again).

type Common = { busy: boolean; onCancel: () => void };

export function DisableDialog({ subscription, busy, onCancel, onConfirm }: Common & { subscription: AccountPlan; onConfirm: () => void }) {
  return (
    <Dialog title={`Disable ${subscription.plan}?`} onClose={onCancel} describedBy="disable-what">
      <p id="disable-what">
        {dqServiceLabels[subscription.service]} calls from this account, in the portal and with its API tokens, will be refused, and the
        subscription will not renew automatically. The clicks left in its bundles are kept: you can enable it again at any time with your
        password.
      </p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Disabling…' : 'Disable subscription'}
        </button>
      </div>
    </Dialog>
  );
}

/** What enabling and changing the renewal send: the password typed again (basic credentials) and the clicks of each renewal (0: none). */
export type EnableValues = { password: string; clicks: number };

/**
 * Enabling a subscription, or changing the automatic renewal of one that is enabled: both ask for the
 * password again (the same re-entry as exporting an API token, spec section 5), since they commit the
 * account to paying, and whether to renew and how many clicks a renewal buys, showing what one costs
 * (priceOf). Turning renewal off keeps the subscription and its clicks.
 */
export function EnableDialog({
  subscription,
  plan,
  mode,
  busy,
  onCancel,
  onConfirm,
}: Common & { subscription: AccountPlan; plan: Plan | undefined; mode: 'enable' | 'renewal'; onConfirm: (values: EnableValues) => void }) {
  const current = subscription.subscription.clicks;
  const [renew, setRenew] = useState(!subscription.deprecated && (mode === 'renewal' || current > 0));
  const [clicks, setClicks] = useState(String(current > 0 ? current : (plan?.pricing[0]?.fromClicks ?? 1000)));
  const typed = /^\d{1,10}$/.test(clicks.trim()) ? Number(clicks.trim()) : null;
  const quantity = renew ? (typed === 0 ? null : typed) : 0;
  const renewal = renew && typed === 0 ? 'Enter the clicks each renewal buys, or untick automatic renewal.' : renewalText(quantity, plan, subscription.territory);
  const title = mode === 'enable' ? `Enable ${subscription.plan}` : `Automatic renewal of ${subscription.plan}`;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (quantity === null) return;
    onConfirm({ password: formValues(e.currentTarget).password, clicks: quantity });
  };

  return (
    <Dialog title={title} onClose={onCancel} describedBy="enable-what">
      <p id="enable-what">
        {mode === 'enable'
          ? 'Calls are answered again while the subscription has clicks. Enter your password to confirm it is you.'
          : 'Calls go on being answered whatever you choose; the clicks already bought are kept. Enter your password to confirm it is you.'}
      </p>
      <form className="form" onSubmit={submit} aria-busy={busy}>
        <Field label="Your password" name="password" type="password" autoComplete="current-password" required />
        {subscription.deprecated ? (
          // The server renews only plans still sold: a replaced plan is enabled without renewal.
          <p className="renewal-price">
            This plan is replaced{subscription.deprecatedByPlan ? ` by ${subscription.deprecatedByPlan}` : ''} and no longer renews
            automatically: buy the newer plan in the Shop to renew.
          </p>
        ) : (
          <>
            <label className="checkbox">
              <input type="checkbox" name="renew" checked={renew} onChange={(e) => setRenew(e.currentTarget.checked)} /> Renew automatically when the
              clicks run out or the bundles end
            </label>
            {renew && (
              <Field
                label="Clicks for each renewal"
                name="clicks"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                required
                value={clicks}
                onChange={(e) => setClicks(e.currentTarget.value)}
              />
            )}
            <p className="renewal-price" aria-live="polite">
              {renewal}
            </p>
          </>
        )}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy || quantity === null}>
            {mode === 'enable' ? (busy ? 'Enabling…' : 'Enable subscription') : busy ? 'Saving…' : 'Save renewal'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteBundleDialog({ bundle, territory, busy, onCancel, onConfirm }: Common & { bundle: Bundle; territory: AccountPlan['territory']; onConfirm: () => void }) {
  return (
    <Dialog title={`Delete bundle ${bundle.bundleId}?`} onClose={onCancel} describedBy="delete-what">
      <p id="delete-what">
        The bundle of {count(bundle.clicks)} clicks of {bundle.plan} ({formatMoney(bundle.price, territory)}) is removed from the account, with
        its {count(bundle.remainingClicks)} remaining clicks. This cannot be undone.
      </p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Deleting…' : 'Delete bundle'}
        </button>
      </div>
    </Dialog>
  );
}

/** What ending a paid bundle sends: the reason, refund or credit, and the net amount in minor units. */
export type EndBundleValues = { reason: string; kind: CreditNoteKind; amount: number };

/**
 * Ending a paid bundle early: its clicks stop now and a credit note is issued against its invoice.
 * The amount starts at the unused clicks' share of its price (what the server credits by default),
 * with the tax reversed on it shown beside; each field says its own problem under it.
 */
export function EndBundleDialog({ bundle, territory, busy, onCancel, onConfirm }: Common & { bundle: Bundle; territory: AccountPlan['territory']; onConfirm: (values: EndBundleValues) => void }) {
  const tax = salesTax[territory];
  const share = unusedShare(bundle.price, bundle.clicks, bundle.usedClicks);
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<CreditNoteKind>('refund');
  const [amount, setAmount] = useState(majorUnitsText(share));
  const [tried, setTried] = useState(false);
  const reasonProblem = endReasonProblem(reason);
  const minor = minorUnitsOf(amount);
  const amountProblem = majorUnitsProblem(amount, 'The amount') ?? (minor !== null && minor > bundle.price ? `The amount is at most ${formatMoney(bundle.price, territory)}, what the bundle cost before ${tax.name}` : null);
  const total = minor === null || amountProblem ? null : minor + taxOn(minor, tax.rateBasisPoints);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTried(true);
    if (reasonProblem || amountProblem || minor === null) return;
    onConfirm({ reason: reason.trim(), kind, amount: minor });
  };

  return (
    <Dialog title={`End bundle ${bundle.bundleId}?`} onClose={onCancel} describedBy="end-what">
      <p id="end-what">
        Its {count(bundle.remainingClicks)} remaining clicks of {bundle.plan} stop now. The bundle stays on the account marked Ended, and a credit
        note is issued against invoice {bundle.invoiceNumber}. This cannot be undone.
      </p>
      <form className="form end-bundle" onSubmit={submit} aria-busy={busy} noValidate>
        <div className="field">
          <label htmlFor="field-end-reason">Reason (the customer sees it)</label>
          <textarea
            id="field-end-reason"
            name="reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            aria-invalid={tried && reasonProblem ? true : undefined}
            aria-describedby={tried && reasonProblem ? 'end-reason-error' : undefined}
          />
        </div>
        {tried && <FieldError id="end-reason-error" text={reasonProblem} />}
        <fieldset className="end-bundle__kinds">
          <legend>Settle it as</legend>
          {creditNoteKinds.map((k) => (
            <label key={k} className="checkbox">
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {creditNoteKindLabels[k]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="field-end-amount">
            Amount credited before {tax.name} ({currencySymbols[territory]})
          </label>
          <input
            id="field-end-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            aria-invalid={tried && amountProblem ? true : undefined}
            aria-describedby={tried && amountProblem ? 'field-end-amount-hint end-amount-error' : 'field-end-amount-hint'}
          />
          <small id="field-end-amount-hint" className="field__hint">
            {count(bundle.clicks - bundle.usedClicks)} of {count(bundle.clicks)} clicks unused: {formatMoney(share, territory)} of {formatMoney(bundle.price, territory)}.
          </small>
        </div>
        {tried && <FieldError id="end-amount-error" text={amountProblem} />}
        <p className="renewal-price" aria-live="polite">
          {total === null ? '' : `Credit note total ${formatMoney(total, territory)} (${tax.label} reversed).`}
        </p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? 'Ending…' : 'End bundle'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
