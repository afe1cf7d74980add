import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { groupTypeLabels, isAdminUser } from '../../../contract/shared/access';
import { territoryLabels } from '../../../contract/shared/territory';
import { createSubmissionMachine, resultOf } from '../../../machines/submission';
import { searchApi, type SearchResult } from '../../api/search';
import { usePortal } from '../../app/PortalContext';
import { Field, FieldError, formValues } from '../../shared/Field';
import { ResultSection } from '../../shared/ResultTable';
import { Spinner } from '../../shared/Spinner';
import { useOpenGroup } from '../../shared/useOpenGroup';
import './search.css';

/** The server's rule (contract/search.ts): a filter of at least 2 characters, at most 100. */
const minLength = 2;
const maxLength = 100;
const tooShort = `Enter at least ${minLength} characters`;

/** /search and /search/{searchFilter} (staff): groups, users and tokens by name, email or id. */
export default function Search() {
  const { searchFilter } = useParams({ strict: false });
  const filter = (searchFilter ?? '').trim();
  const navigate = useNavigate();
  const admin = useSelector(usePortal().session, (s) => isAdminUser(s.context.user));
  // What the user typed that cannot be searched; the filter in the URL is checked as it comes.
  const [typedError, setTypedError] = useState<string | null>(null);
  const urlError = filter && filter.length < minLength ? tooShort : null;
  const error = typedError ?? urlError;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = formValues(e.currentTarget).filter.trim();
    if (value.length < minLength) {
      setTypedError(tooShort);
      return;
    }
    setTypedError(null);
    void navigate({ to: '/search/$searchFilter', params: { searchFilter: value } });
  };

  return (
    <div className="search-page">
      <section className="card" aria-labelledby="search-title">
        <h1 id="search-title">Account search</h1>
        <form role="search" className="search-form" onSubmit={submit} noValidate>
          <Field
            key={filter}
            label="Search groups, users and tokens"
            name="filter"
            type="search"
            defaultValue={filter}
            maxLength={maxLength}
            autoFocus={!filter}
            autoComplete="off"
            hint="A name, an email address or an id: at least 2 characters."
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'field-filter-hint field-filter-error' : 'field-filter-hint'}
            onInput={() => setTypedError(null)}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        <FieldError id="field-filter-error" text={error} />
        <p className="muted search-more">
          Payments of every account: <Link to="/charges">Charges</Link>.
          {admin && (
            <>
              {' '}
              File cleansing prices, royalties and job charges: <Link to="/administration/addresscleanse">Address Cleanse administration</Link>.
            </>
          )}
        </p>
      </section>
      {filter.length >= minLength && <Results key={filter} filter={filter} />}
    </div>
  );
}

const runSearch = createSubmissionMachine<{ filter: string }, SearchResult>();

/** One search: its own actor, started on mount, so a new filter starts afresh. */
function Results({ filter }: { filter: string }) {
  const { api } = usePortal();
  const actor = useActorRef(
    runSearch.provide({
      actors: { submit: fromPromise(({ input }) => searchApi(api).search(input.filter)) },
    }),
  );
  useEffect(() => {
    actor.send({ type: 'user.submit', values: { filter } });
  }, [actor, filter]);
  const result = useSelector(actor, resultOf);
  const broken = useSelector(actor, (s) => s.matches('failed'));
  const { open, opening } = useOpenGroup();

  if (broken) {
    return (
      <section className="card" aria-labelledby="results-title">
        <h2 id="results-title">Results</h2>
        <p>The search could not be completed.</p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'user.submit', values: { filter } })}>
          Try again
        </button>
      </section>
    );
  }
  if (!result) return <Spinner />;

  const { groups, users, tokens } = result;
  if (groups.length + users.length + tokens.length === 0) {
    return (
      <section className="card empty-state" aria-labelledby="results-title">
        <h2 id="results-title">Results</h2>
        <p role="status">No tokens, groups or users match "{filter}".</p>
      </section>
    );
  }

  return (
    <div aria-label={`Results for "${filter}"`} role="region">
      <p role="status" className="muted search-summary">
        {groups.length} {groups.length === 1 ? 'group' : 'groups'}, {users.length} {users.length === 1 ? 'user' : 'users'} and{' '}
        {tokens.length} {tokens.length === 1 ? 'token' : 'tokens'} match "{filter}".
      </p>

      <ResultSection
        id="groups"
        title="Groups"
        rows={groups}
        empty="No groups match."
        columns={[
          {
            header: 'Name',
            cell: (g) => (
              <>
                <button type="button" className="link-button" onClick={() => open(g.id)} disabled={opening !== null} aria-describedby={`group-${g.id}-type`}>
                  {g.name}
                </button>
                {opening === g.id && <span className="muted"> Opening…</span>}
                {g.pendingOwnership && <span className="badge badge--warning">Pending Ownership</span>}
              </>
            ),
          },
          { header: 'Type', cellId: (g) => `group-${g.id}-type`, cell: (g) => `${groupTypeLabels[g.type]}${g.subtype ? ` (${g.subtype})` : ''}` },
          { header: 'Territory', cell: (g) => territoryLabels[g.territory] },
          { header: 'Id', cell: (g) => g.id },
        ]}
      />

      <ResultSection
        id="users"
        title="Users"
        rows={users}
        empty="No users match."
        columns={[
          {
            header: 'Name',
            cell: (u) => (
              <Link to="/user/$userId" params={{ userId: u.id }}>
                {u.personalName || u.name}
              </Link>
            ),
          },
          { header: 'Email', cell: (u) => u.email },
          { header: 'Id', cell: (u) => u.id },
          {
            header: 'Status',
            cell: (u) => (
              <>
                <span className={`badge ${u.validated ? 'badge--ok' : 'badge--warning'}`}>{u.validated ? 'Validated' : 'Not validated'}</span>
                {u.locked && <span className="badge badge--danger">Locked</span>}
              </>
            ),
          },
        ]}
      />

      <ResultSection
        id="tokens"
        title="Tokens"
        rows={tokens}
        empty="No tokens match."
        columns={[
          { header: 'Tag', cell: (t) => t.tag || '—' },
          { header: 'Id', cell: (t) => t.id },
          { header: 'Group id', cell: (t) => t.parentId },
        ]}
      />
    </div>
  );
}
