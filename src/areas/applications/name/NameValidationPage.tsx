// First: the schemas imported below are built with zod's compiled fast path off (see src/shared/zodJitless.ts).
import '../../../shared/zodJitless';
import { useState } from 'react';
import { useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { NameResultBody } from '../../../../contract/name/entities';
import { maxNameInput, validateNameBody } from '../../../../contract/name/schemas';
import { nameCheckMachine, type NameCheckContext } from '../../../../machines/nameCheck';
import { nameApi } from '../../../api/name';
import { usePortal } from '../../../app/PortalContext';
import { usePageActor } from '../../../app/usePageActor';
import { clicksLeft, clicksLeftText, type ServiceClicks } from '../clicks';
import { ChooseAccount, ValidationPage } from '../ValidationPage';
import { partLabels, verdictLabels, verdictMeanings } from './nameValidation';
import './name.css';

// /applications/namevalidation: check one name at a time (POST /validate of the name service, one
// click): its verdict and score, the parts it was split into, and the reasons in words; this
// visit's checks are listed and showing one again is free. A refusal (402 no clicks, 403...) shows
// the meter's words. The nameCheck machine holds what is shown and runs one call at a time.

const badgeClass: Record<NameResultBody['verdict'], string> = { valid: 'badge--ok', suspect: 'badge--warning', invalid: 'badge--danger' };

function VerdictBadge({ verdict }: { verdict: NameResultBody['verdict'] }) {
  return <span className={`badge ${badgeClass[verdict]}`}>{verdictLabels[verdict]}</span>;
}

function NameResult({ result }: { result: NameResultBody }) {
  const parts = partLabels.filter(([key]) => result.parts[key]);
  const found = result.reasons.filter((r) => r.severity !== 'info');
  const notes = result.reasons.filter((r) => r.severity === 'info');
  return (
    <section className="card name-result" aria-labelledby="name-result-title" aria-live="polite" data-testid="name-result">
      <h2 id="name-result-title">
        <span>{result.name}</span> <VerdictBadge verdict={result.verdict} /> <span className="muted">Score {result.score} of 100</span>
      </h2>
      <p>{verdictMeanings[result.verdict]}</p>
      <h3>Parts</h3>
      {parts.length ? (
        <dl className="name-parts">
          {parts.map(([key, label]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{result.parts[key]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">No parts could be told apart.</p>
      )}
      <h3>Why</h3>
      {found.length ? (
        <ul>
          {found.map((r) => (
            <li key={`${r.check}-${r.message}`}>{r.message}</li>
          ))}
        </ul>
      ) : (
        <p>Nothing found against it.</p>
      )}
      {notes.length > 0 && (
        <>
          <h3>Not checked</h3>
          <ul>
            {notes.map((r) => (
              <li key={`${r.check}-${r.message}`}>{r.message}</li>
            ))}
          </ul>
        </>
      )}
      {result.scripts.length > 0 && <p className="muted">Written in {result.scripts.join(', ')} script.</p>}
    </section>
  );
}

export default function NameValidationPage() {
  const portal = usePortal();
  const data = useLoaderData({ from: '/_signedIn/_validated/applications/namevalidation' });
  const account = data.account;
  const [clicks, setClicks] = useState<ServiceClicks>(data.clicks);
  const [name, setName] = useState('');
  // A name the service would refuse is said at the field, in the contract's words, and costs nothing.
  const [inputError, setInputError] = useState<string | null>(null);
  const groupId = account?.id ?? 0;
  const actor = usePageActor(
    nameCheckMachine.provide({
      actors: {
        validate: fromPromise(async ({ input }) => {
          const result = await nameApi(portal.api, groupId).validate(input.name);
          void clicksLeft(portal, groupId, 'name').then(setClicks);
          return result;
        }),
      },
    }),
  );
  const busy = useSelector(actor, (s) => !s.matches('ready'));
  const { shown, recent, refusal } = useSelector(actor, (s) => s.context) as NameCheckContext<NameResultBody>;

  if (!account) return <ChooseAccount service="name" title="Name validation" />;

  const check = () => {
    const parsed = validateNameBody.safeParse({ name });
    setInputError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a name'));
    if (parsed.success) actor.send({ type: 'user.check', name });
  };

  return (
    <ValidationPage
      service="name"
      title="Name validation"
      intro={
        <>
          Splits a person&apos;s name into title, forename, middle names, surname and suffix, and checks it for keyboard mashing,
          placeholders (&ldquo;Test User&rdquo;), offensive words, digits and symbols, and a title that does not fit. Each check uses one click of{' '}
          {account.name}.
        </>
      }
      clicks={clicksLeftText(clicks, 'name validation')}
      field={{ label: 'Full name', type: 'text', maxLength: maxNameInput, value: name, onChange: setName, error: inputError }}
      busy={busy}
      onCheck={check}
      refusal={refusal}
      result={shown && <NameResult result={shown} />}
      recent={recent.map((r) => ({ key: r.name, label: r.name, badge: <VerdictBadge verdict={r.verdict} />, show: () => actor.send({ type: 'user.show', name: r.name }) }))}
    />
  );
}
