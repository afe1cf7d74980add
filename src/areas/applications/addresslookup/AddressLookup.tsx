// First: the schemas imported below are built with zod's compiled fast path off (see src/shared/zodJitless.ts).
import '../../../shared/zodJitless';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import * as A from '../../../../contract/address/endpoints';
import { maxLookupResults } from '../../../../contract/address/schemas';
import type { AddressDataset, FormattedAddress, Suggestion } from '../../../../contract/address/entities';
import * as P from '../../../../contract/plans/endpoints';
import { formatLabel, oneLine } from '../../../../contract/shared/addressLabel';
import {
  labelFormatLabels, labelFormats, lineRuleLabels, lineRules, maxOutputFields, minOutputFields, townFormatLabels, townFormats,
  type LabelConfig,
} from '../../../../contract/shared/labelConfig';
import { ApiFailure } from '../../../api/client';
import { serviceTokens } from '../../../api/serviceTokens';
import { usePortal } from '../../../app/PortalContext';
import { loadLabelConfig, saveLabelConfig } from './labelStorage';
import './addresslookup.css';

/** Milliseconds after the last keystroke before suggestions are asked for. */
const debounceMs = 200;
/** Addresses Find lists at first; Show more asks once for as many as a lookup answers. */
const findLimit = 20;

/** Find's answer: the addresses listed, and whether more matched than were listed. */
type Found = { query: string; addresses: FormattedAddress[]; more: boolean; limit: number };

const failureText = (error: unknown) =>
  error instanceof ApiFailure ? (error.status === 402 || error.status === 503 || error.status === 429 || error.status === 403 ? error.detail : error.message) : String(error);

/** /applications/addresslookup: type, pick a suggestion, see it formatted by the label configuration. */
export default function AddressLookup() {
  const portal = usePortal();
  const user = useSelector(portal.session, (s) => s.context.user);
  const account = useSelector(portal.groups, (g) => g.context.selection.account);
  if (!account) return null;
  return <LookupPage key={`${user.id}-${account.id}`} userId={user.id} accountId={account.id} accountName={account.name} dataset={account.territory} />;
}

function LookupPage({ userId, accountId, accountName, dataset }: { userId: number; accountId: number; accountName: string; dataset: AddressDataset }) {
  const portal = usePortal();
  const tokens = serviceTokens(portal.api);
  const on = { service: 'address' as const, groupId: accountId };
  const [config, setConfig] = useState<LabelConfig>(() => loadLabelConfig(localStorage, userId, dataset));
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [moreSuggested, setMoreSuggested] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<Suggestion | null>(null);
  const [address, setAddress] = useState<FormattedAddress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [clicks, setClicks] = useState<{ lookup: number; autocomplete: number } | null>(null);
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const ids = useId();
  const listId = `${ids}-list`;
  const asked = useRef(0);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refreshClicks = () => {
    portal.api
      .call(P.listAccountPlans, { query: { accountId } }, { action: 'load the subscriptions', cache: false, skipDefaultErrorHandling: true })
      .then((plans) => {
        const sum = (service: string) => plans.filter((p) => p.service === service).reduce((n, p) => n + p.remainClicks, 0);
        setClicks({ lookup: sum('addresslookup'), autocomplete: sum('autocomplete') });
      })
      .catch(() => setClicks(null));
  };
  useEffect(refreshClicks, [accountId]); // eslint-disable-line react-hooks/exhaustive-deps

  // Suggestions as the user types, debounced; an answer to an older query is dropped.
  useEffect(() => {
    const q = text.trim();
    if (!q || (chosen && chosen.text === text)) return;
    const mine = ++asked.current;
    const timer = setTimeout(() => {
      setSearching(true);
      tokens
        .call(A.autocomplete, { query: { q, dataset, limit: 8 } }, { action: 'suggest addresses', skipDefaultErrorHandling: true, cache: false }, on)
        .then((answer) => {
          if (mine !== asked.current) return;
          setSuggestions(answer.suggestions);
          setMoreSuggested(answer.more);
          setOpen(true);
          setActive(-1);
          setProblem(null);
        })
        .catch((error: unknown) => mine === asked.current && setProblem(failureText(error)))
        .finally(() => {
          if (mine === asked.current) setSearching(false);
          refreshClicks();
        });
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps

  // A chosen suggestion is looked up once (one click); the label is drawn from the address's parts
  // on the page, so a change of label configuration costs nothing.
  const lookUp = (id: string) => {
    tokens
      .call(A[dataset === 'uk' ? 'lookupUk' : 'lookupAustralia'], { query: { id, ...config } }, { action: 'look up the address', skipDefaultErrorHandling: true, cache: false }, on)
      .then((answer) => {
        setAddress(answer.addresses[0] ?? null);
        setProblem(null);
      })
      .catch((error: unknown) => setProblem(failureText(error)))
      .finally(refreshClicks);
  };

  // Find: the addresses of a postcode or text through address lookup itself (one click), for an
  // account with no autocomplete subscription or a user who prefers to search. The suggestion list
  // closes and an answer still on its way for it is dropped: Find's answer is listed below.
  const find = (q = text.trim(), limit = findLimit) => {
    if (!q) return;
    const mine = ++asked.current;
    setOpen(false);
    setSuggestions([]);
    setActive(-1);
    setSearching(true);
    tokens
      .call(A[dataset === 'uk' ? 'lookupUk' : 'lookupAustralia'], { query: { q, limit, ...config } }, { action: 'find addresses', skipDefaultErrorHandling: true, cache: false }, on)
      .then((answer) => {
        if (mine !== asked.current) return;
        setFound({ query: q, addresses: answer.addresses, more: answer.more, limit });
        setProblem(answer.addresses.length ? null : 'No address matches: try a postcode or fewer words.');
      })
      .catch((error: unknown) => mine === asked.current && setProblem(failureText(error)))
      .finally(() => {
        if (mine === asked.current) setSearching(false);
        refreshClicks();
      });
  };
  const choose = (s: Suggestion) => {
    setChosen(s);
    setText(s.text);
    setOpen(false);
    setActive(-1);
    lookUp(s.id);
  };
  /** An address Find listed is already fetched: shown with no further call. */
  const chooseFound = (a: FormattedAddress) => {
    const line = oneLine(a.parts);
    ++asked.current;
    setChosen({ id: a.id, text: line, postcode: a.postcode });
    setText(line);
    setOpen(false);
    setAddress(a);
    setProblem(null);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open && suggestions.length) setOpen(true);
      setActive((i) => Math.min(i + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      find();
    } else if (event.key === 'Escape') {
      if (open) setOpen(false);
      else setText('');
    }
  };
  const update = (change: Partial<LabelConfig>) => {
    const next = { ...config, ...change };
    saveLabelConfig(localStorage, userId, dataset, next);
    setConfig(next);
  };
  const expanded = open && text.trim() !== '';
  const label = address ? formatLabel(address.parts, config) : [];

  return (
    <div className="address-lookup">
      <h1>Address Lookup</h1>
      <p className="muted">
        {dataset === 'uk' ? 'United Kingdom: Royal Mail PAF (sample data)' : 'Australia: G-NAF (sample data)'} for {accountName}. Each suggestion list, each Find or
        Show more and each suggestion chosen takes one click; an address Find listed and the label settings cost none.
      </p>
      <p className="address-lookup__clicks" data-testid="clicks-left" aria-live="polite">
        {clicks
          ? `Clicks left: ${clicks.lookup.toLocaleString('en-GB')} address lookup, ${clicks.autocomplete.toLocaleString('en-GB')} autocomplete`
          : 'Clicks left: not available to you'}
      </p>
      <div className="address-lookup__grid">
        <section className="card" aria-labelledby={`${ids}-find`}>
          <h2 id={`${ids}-find`}>Find an address</h2>
          <div className="field address-lookup__combo">
            <label htmlFor={`${ids}-q`}>Address or postcode</label>
            {/* Find sits beside the box, so an open suggestion list never covers it. */}
            <div className="address-lookup__row">
              <div className="address-lookup__input">
                <input
                  id={`${ids}-q`}
                  role="combobox"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  aria-autocomplete="list"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
                  aria-describedby={`${ids}-hint`}
                  value={text}
                  maxLength={200}
                  onChange={(e) => {
                    setText(e.target.value);
                    setChosen(null);
                    setOpen(true);
                  }}
                  onKeyDown={onKey}
                  onBlur={() => {
                    closing.current = setTimeout(() => setOpen(false), 150);
                  }}
                  onFocus={() => clearTimeout(closing.current)}
                />
                <ul id={listId} role="listbox" aria-label="Suggested addresses" className="address-lookup__list" hidden={!expanded || suggestions.length === 0}>
                  {suggestions.map((s, i) => (
                    <li
                      key={s.id}
                      id={`${listId}-${i}`}
                      role="option"
                      aria-selected={i === active}
                      className={i === active ? 'is-active' : undefined}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => choose(s)}
                    >
                      {s.text}
                    </li>
                  ))}
                </ul>
              </div>
              <button type="button" className="button address-lookup__find" onClick={() => find()} disabled={!text.trim()}>
                Find
              </button>
            </div>
            <span id={`${ids}-hint`} className="muted address-lookup__hint">
              {dataset === 'uk' ? 'For example WS11 or 12 Church Road.' : 'For example 2000 or George Street.'} Arrow keys move through the suggestions,
              Enter chooses; Enter or Find with none chosen lists the matching addresses.
            </span>
          </div>
          <p className="muted" aria-live="polite" data-testid="suggestion-status">
            {searching ? 'Searching…' : expanded && text.trim() && !chosen ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}${moreSuggested ? '; more match: keep typing, or Find to list them' : ''}` : ''}
          </p>
          {found && found.addresses.length > 0 && (
            <section className="address-lookup__found" aria-labelledby={`${ids}-found`}>
              <h3 id={`${ids}-found`} data-testid="found-status" aria-live="polite">
                {found.more
                  ? `The first ${found.addresses.length} addresses matching “${found.query}”: more match`
                  : `${found.addresses.length} ${found.addresses.length === 1 ? 'address matches' : 'addresses match'} “${found.query}”`}
              </h3>
              {found.more && (
                <p className="muted address-lookup__more">
                  {found.limit < maxLookupResults
                    ? `Show more lists up to ${maxLookupResults} (one click), or add a street or house number to narrow the search.`
                    : `Add a street or house number to see the others: a search lists at most ${maxLookupResults}.`}
                </p>
              )}
              <ul aria-label="Matching addresses" className="address-lookup__results">
                {found.addresses.map((a) => (
                  <li key={a.id}>
                    <button type="button" className="address-lookup__result" onClick={() => chooseFound(a)}>
                      {oneLine(a.parts)}
                    </button>
                  </li>
                ))}
              </ul>
              {found.more && found.limit < maxLookupResults && (
                <button type="button" className="button" onClick={() => find(found.query, maxLookupResults)} disabled={searching}>
                  Show more
                </button>
              )}
            </section>
          )}
          {problem && (
            <p className="address-lookup__problem" role="alert" data-testid="lookup-problem">
              {problem}
            </p>
          )}
          {address && (
            <figure className="address-lookup__label">
              <figcaption>Formatted address ({config.outputFields} lines)</figcaption>
              <ol data-testid="formatted-address">
                {label.map((line, i) => (
                  <li key={i}>{line || '\u00a0'}</li>
                ))}
              </ol>
            </figure>
          )}
        </section>
        <section className="card" aria-labelledby={`${ids}-config`}>
          <h2 id={`${ids}-config`}>Label configuration</h2>
          <p className="muted">Saved in this browser for you.</p>
          <div className="field">
            <label htmlFor={`${ids}-lines`}>Output fields (lines)</label>
            <select id={`${ids}-lines`} value={config.outputFields} onChange={(e) => update({ outputFields: Number(e.target.value) })}>
              {Array.from({ length: maxOutputFields - minOutputFields + 1 }, (_, i) => minOutputFields + i).map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </select>
          </div>
          <Choice id={`${ids}-format`} label="Label format" value={config.labelFormat} values={labelFormats} words={labelFormatLabels} onChange={(labelFormat) => update({ labelFormat })} />
          <Choice id={`${ids}-town`} label="Town format" value={config.townFormat} values={townFormats} words={townFormatLabels} onChange={(townFormat) => update({ townFormat })} />
          <Choice id={`${ids}-org`} label="Reserve organisation line" value={config.reserverOrgLine} values={lineRules} words={lineRuleLabels} onChange={(reserverOrgLine) => update({ reserverOrgLine })} />
          <Choice id={`${ids}-county`} label={dataset === 'uk' ? 'Include county' : 'Include state'} value={config.includeCounty} values={lineRules} words={lineRuleLabels} onChange={(includeCounty) => update({ includeCounty })} />
        </section>
      </div>
    </div>
  );
}

function Choice<T extends string>({ id, label, value, values, words, onChange }: { id: string; label: string; value: T; values: readonly T[]; words: Record<T, string>; onChange: (v: T) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(values.find((v) => v === e.target.value) ?? value)}>
        {values.map((v) => (
          <option key={v} value={v}>{words[v]}</option>
        ))}
      </select>
    </div>
  );
}
