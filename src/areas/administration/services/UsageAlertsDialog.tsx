import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../shared/Dialog';
import { Field, FieldError } from '../../../shared/Field';
import { formatDate } from '../../../shared/format';
import type { AccountPlan } from '../../../api/plans';
import type { UsageAlerts } from '../../../api/metering';
import { parseThresholds, thresholdList } from './usageAlerts';

/**
 * Sets the percentages of a subscription's clicks at which its owners are emailed. A crossing is
 * mailed once; buying more clicks arms the alerts again. An empty field turns them off.
 */
export function UsageAlertsDialog({
  subscription,
  alerts,
  busy,
  onCancel,
  onConfirm,
}: {
  subscription: AccountPlan;
  alerts: UsageAlerts | undefined;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (thresholds: number[]) => void;
}) {
  const [text, setText] = useState((alerts?.thresholds ?? []).join(', '));
  const [problem, setProblem] = useState<string | null>(null);
  const sent = alerts?.sent ?? [];

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = parseThresholds(text);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    onConfirm(parsed.thresholds);
  };

  return (
    <Dialog title={`Usage alerts of ${subscription.plan}`} onClose={onCancel} describedBy="alerts-what">
      <p id="alerts-what">
        The account&apos;s owners are emailed once when the clicks used of the current bundles reach each percentage. Buying more clicks
        sets the alerts again.
      </p>
      <form className="form" onSubmit={submit} aria-busy={busy} noValidate>
        <Field
          label="Alert at (% of the clicks used)"
          name="thresholds"
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          hint="For example 50, 80, 100. Up to 10 whole percentages; leave empty for no alerts."
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'field-thresholds-hint thresholds-error' : 'field-thresholds-hint'}
        />
        <FieldError id="thresholds-error" text={problem} />
        {sent.length > 0 && (
          <p className="muted">
            Already sent for the current bundles: {thresholdList(sent.map((s) => s.threshold))} (last on{' '}
            {formatDate(Math.max(...sent.map((s) => s.sentAt)))}).
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save alerts'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
