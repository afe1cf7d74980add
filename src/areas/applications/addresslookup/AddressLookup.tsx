import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import * as A from '../../../../contract/address/endpoints';
import type { AddressDataset, FormattedAddress, Suggestion } from '../../../../contract/address/entities';
import * as P from '../../../../contract/plans/endpoints';
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
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<Suggestion | null>(null);
  const [address, setAddress] = useState<FormattedAddress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [clicks, setClicks] = useState<{ lookup: number; autocomplete: number } | null>(null);
  const [searching, setSearching] = useState(false);
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

  // The chosen address, formatted again whenever the label configuration changes.
  useEffect(() => {
    if (!chosen) return;
    tokens
      .call(A[dataset === 'uk' ? 'lookupUk' : 'lookupAustralia'], { query: { id: chosen.id, ...config } }, { action: 'look up the address', skipDefaultErrorHandling: true, cache: false }, on)
      .then((answer) => {
        setAddress(answer.addresses[0] ?? null);
        setProblem(null);
      })
      .catch((error: unknown) => setProblem(failureText(error)))
      .finally(refreshClicks);
  }, [chosen, config]); // eslint-disable-line react-hooks/exhaustive-deps

  // Find: the addresses of a postcode or text through address lookup itself (one click), for an
  // account with no autocomplete subscription or a user who prefers to search.
  const find = () => {
    const q = text.trim();
    if (!q) return;
    const mine = ++asked.current;
    setSearching(true);
    tokens
      .call(A[dataset === 'uk' ? 'lookupUk' : 'lookupAustralia'], { query: { q, limit: 20, ...config } }, { action: 'find addresses', skipDefaultErrorHandling: true, cache: false }, on)
      .then((answer) => {
        if (mine !== asked.current) return;
        clearTimeout(closing.current);
        setSuggestions(answer.addresses.map((a) => ({ id: a.id, text: a.label.filter(Boolean).join(', '), postcode: a.postcode })));
        setOpen(true);
        setActive(-1);
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

  return (
    <div className="address-lookup">
      <h1>Address Lookup</h1>
      <p className="muted">
        {dataset === 'uk' ? 'United Kingdom: Royal Mail PAF (sample data)' : 'Australia: G-NAF (sample data)'} for {accountName}. Each suggestion list and each
        address shown takes one click.
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
            <span id={`${ids}-hint`} className="muted address-lookup__hint">
              {dataset === 'uk' ? 'For example WS11 or 12 Church Road.' : 'For example 2000 or George Street.'} Arrow keys move through the suggestions,
              Enter chooses; Enter or Find with none chosen lists the matching addresses.
            </span>
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
          <button type="button" className="button address-lookup__find" onClick={find} disabled={!text.trim()}>
            Find
          </button>
          <p className="muted" aria-live="polite" data-testid="suggestion-status">
            {searching ? 'Searching…' : expanded && text.trim() && !chosen ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
          </p>
          {problem && (
            <p className="address-lookup__problem" role="alert" data-testid="lookup-problem">
              {problem}
            </p>
          )}
          {address && (
            <figure className="address-lookup__label">
              <figcaption>Formatted address ({config.outputFields} lines)</figcaption>
              <ol data-testid="formatted-address">
                {address.label.map((line, i) => (
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
