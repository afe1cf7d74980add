import { useState } from 'react';
import { useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  emailClassLabels, emailClassMeanings, emailMaxInput, emailNotCheckedTexts, emailReasonTexts, type EmailClass,
} from '../../../../contract/shared/email';
import { emailCheckMachine, type EmailCheckContext } from '../../../../machines/emailCheck';
import { emailApi, type EmailResult as Result } from '../../../api/email';
import { usePortal } from '../../../app/PortalContext';
import { usePageActor } from '../../../app/usePageActor';
import { formatDateTime } from '../../../shared/format';
import { clicksLeftText } from '../clicks';
import { ChooseAccount, ValidationPage } from '../ValidationPage';
import { emailClicksLeft, type EmailClicks } from './load';
import './email.css';

// /applications/emailvalidation: check one address at a time (POST /verify, one click), see its
// class as a worded badge, the reasons in words, a did-you-mean button that checks the suggested
// address, what was not checked, and the clicks left; the checks of this visit are listed and
// GET /verify/{id} (free) shows one again. A refusal (402 no clicks, 403...) shows the meter's words.
// The emailCheck machine holds what is shown and runs one call at a time; the view only shows it.

const badgeClass: Record<EmailClass, string> = {
  valid: 'badge--ok',
  invalid: 'badge--danger',
  'catch-all': 'badge--warning',
  unknown: 'badge--muted',
  disposable: 'badge--warning',
  role: 'badge--warning',
};

export function ResultBadge({ result }: { result: EmailClass }) {
  return <span className={`badge ${badgeClass[result]}`}>{emailClassLabels[result]}</span>;
}

export function EmailResult({ result, onCheck, busy }: { result: Result; onCheck: (email: string) => void; busy: boolean }) {
  return (
    <section className="card email-result" aria-labelledby="email-result-title" aria-live="polite">
      <h2 id="email-result-title">
        <span className="email-result__address">{result.email || '(empty)'}</span> <ResultBadge result={result.result} />
      </h2>
      <p>{emailClassMeanings[result.result]}</p>
      {result.suggestion && (
        <p className="email-result__suggestion">
          Did you mean{' '}
          <button type="button" className="button button--small" disabled={busy} onClick={() => onCheck(result.suggestion!)}>
            {result.suggestion}
          </button>
          ? Choosing it checks that address (one click).
        </p>
      )}
      <h3>Why</h3>
      <ul className="email-result__reasons">
        {result.syntaxError && <li>{result.syntaxError}</li>}
        {result.reasons.map((r) => (
          <li key={r}>{emailReasonTexts[r]}</li>
        ))}
      </ul>
      {result.mx.length > 0 && (
        <p className="muted">
          Mail servers: {result.mx.map((m) => `${m.exchange} (priority ${m.priority})`).join(', ')}
        </p>
      )}
      <h3>Not checked</h3>
      <ul className="email-result__unchecked">
        {result.notChecked.map((n) => (
          <li key={n}>{emailNotCheckedTexts[n]}</li>
        ))}
      </ul>
      <p className="muted">
        Checked {formatDateTime(result.checkedAt)}. Result id <code>{result.id}</code>
      </p>
    </section>
  );
}

export default function EmailValidationPage() {
  const portal = usePortal();
  const data = useLoaderData({ from: '/_signedIn/_validated/applications/emailvalidation' });
  const account = data.account;
  const [clicks, setClicks] = useState<EmailClicks>(data.clicks);
  // What is typed: a form field's own value, not the page's state.
  const [email, setEmail] = useState('');
  const groupId = account?.id ?? 0;
  const actor = usePageActor(
    emailCheckMachine.provide({
      actors: {
        verify: fromPromise(async ({ input }) => {
          const result = await emailApi(portal.api, groupId).verify(input.email);
          void emailClicksLeft(portal, groupId).then(setClicks);
          return result;
        }),
        reread: fromPromise(({ input }) => emailApi(portal.api, groupId).result(input.id)),
      },
    }),
  );
  const busy = useSelector(actor, (s) => !s.matches('ready'));
  const { shown, recent, refusal } = useSelector(actor, (s) => s.context) as EmailCheckContext<Result>;

  if (!account) return <ChooseAccount service="email" title="Email validation" />;

  const check = (address: string) => {
    setEmail(address);
    actor.send({ type: 'user.check', email: address });
  };

  return (
    <ValidationPage
      service="email"
      title="Email validation"
      intro={
        <>
          Checks the address&apos;s form and its domain&apos;s mail servers (DNS), and whether it is disposable, a role or a free provider. No
          message is sent and the mailbox itself is not probed. Each check uses one click of {account.name}.
        </>
      }
      clicks={clicksLeftText(clicks, 'email validation')}
      field={{ label: 'Email address', type: 'email', maxLength: emailMaxInput, value: email, onChange: setEmail }}
      busy={busy}
      onCheck={() => check(email)}
      refusal={refusal}
      result={shown && <EmailResult result={shown} onCheck={check} busy={busy} />}
      recent={recent.map((r) => ({
        key: r.id,
        label: r.email || '(empty)',
        badge: <ResultBadge result={r.result} />,
        show: () => actor.send({ type: 'user.reread', id: r.id }),
      }))}
    />
  );
}
