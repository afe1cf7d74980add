// First: the schemas imported below are built with zod's compiled fast path off (see src/shared/zodJitless.ts).
import '../../../shared/zodJitless';
import { useId, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { maxLookupResults } from '../../../../contract/address/schemas';
import type { AddressDataset } from '../../../../contract/address/entities';
import { formatLabel, oneLine } from '../../../../contract/shared/addressLabel';
import {
  labelFormatLabels, labelFormats, lineRuleLabels, lineRules, maxOutputFields, minOutputFields, townFormatLabels, townFormats,
  type LabelConfig,
} from '../../../../contract/shared/labelConfig';
import { addressLookupMachine, type AddressLookupEvent, type ClicksLeft } from '../../../../machines/addressLookup';
import { addressApi } from '../../../api/address';
import { ApiFailure } from '../../../api/client';
import { plansApi, type AccountPlan } from '../../../api/plans';
import { usePortal } from '../../../app/PortalContext';
import { usePageActor } from '../../../app/usePageActor';
import { loadLabelConfig, saveLabelConfig } from './labelStorage';
import './addresslookup.css';
import { formatCount } from '../../../../contract/shared/numbers';

/** A failure in the page's words: the meter's own for a refusal, the client's for the rest. */
const failureText = (error: unknown) =>
  error instanceof ApiFailure ? (error.status === 402 || error.status === 503 || error.status === 429 || error.status === 403 ? error.detail : error.message) : String(error);
const inWords = (error: unknown): never => {
  throw new Error(failureText(error));
};

/** The clicks left on the account's address lookup and autocomplete subscriptions. */
const clicksOf = (rows: AccountPlan[]): ClicksLeft => {
  const sum = (service: string) => rows.filter((p) => p.service === service).reduce((n, p) => n + p.remainClicks, 0);
  return { lookup: sum('addresslookup'), autocomplete: sum('autocomplete') };
};

/** The keys the box answers; each but Escape does only what the page says (preventDefault). */
const keyEvents: Record<string, 'user.down' | 'user.up' | 'user.enter' | 'user.escape'> = { ArrowDown: 'user.down', ArrowUp: 'user.up', Enter: 'user.enter', Escape: 'user.escape' };

/** /applications/addresslookup: type, pick a suggestion, see it formatted by the label configuration. */
export default function AddressLookup() {
  const portal = usePortal();
  const user = useSelector(portal.session, (s) => s.context.user);
  const account = useSelector(portal.groups, (g) => g.context.selection.account);
  if (!account) return null;
  return <LookupPage key={`${user.id}-${account.id}`} userId={user.id} accountId={account.id} accountName={account.name} dataset={account.territory} />;
}

function LookupPage({ userId, accountId, accountName, dataset }: { userId: number; accountId: number; accountName: string; dataset: AddressDataset }) {
  const { api } = usePortal();
  const on = { accountId, dataset };
  const calls = addressApi(api);
  const actor = usePageActor(
    addressLookupMachine.provide({
      actors: {
        suggest: fromPromise(({ input }) => calls.suggest(on, input.q, input.limit).catch(inWords)),
        find: fromPromise(({ input }) => calls.find(on, input.q, input.limit, input.config).catch(inWords)),
        lookUp: fromPromise(({ input }) => calls.lookUp(on, input.id, input.config).catch(inWords)),
      },
      actions: {
        refreshClicks: ({ self }) => {
          const read = (clicks: ClicksLeft | null) => {
            if (self.getSnapshot().status === 'active') self.send({ type: 'clicks.read', clicks });
          };
          plansApi(api).clicksLeft(accountId).then((rows) => read(clicksOf(rows)), () => read(null));
        },
        saveConfig: (_, { config }) => saveLabelConfig(localStorage, userId, dataset, config),
      },
    }),
    { input: { config: loadLabelConfig(localStorage, userId, dataset), mostResults: maxLookupResults } },
  );
  const { config, text, suggestions, moreSuggested, open, active, chosen, address, problem, clicks, searching, found } = useSelector(actor, (s) => s.context);
  const ids = useId();
  const listId = `${ids}-list`;
  const send = (event: AddressLookupEvent) => actor.send(event);

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const type = keyEvents[event.key];
    if (!type) return;
    if (type !== 'user.escape') event.preventDefault();
    send({ type });
  };
  const update = (change: Partial<LabelConfig>) => send({ type: 'user.configure', change });
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
          ? `Clicks left: ${formatCount(clicks.lookup)} address lookup, ${formatCount(clicks.autocomplete)} autocomplete`
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
                  onChange={(e) => send({ type: 'user.type', text: e.target.value })}
                  onKeyDown={onKey}
                  onBlur={() => send({ type: 'user.blur' })}
                  onFocus={() => send({ type: 'user.focus' })}
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
                      onClick={() => send({ type: 'user.choose', suggestion: s })}
                    >
                      {s.text}
                    </li>
                  ))}
                </ul>
              </div>
              <button type="button" className="button address-lookup__find" onClick={() => send({ type: 'user.find' })} disabled={!text.trim()}>
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
                    <button type="button" className="address-lookup__result" onClick={() => send({ type: 'user.pick', address: a })}>
                      {oneLine(a.parts)}
                    </button>
                  </li>
                ))}
              </ul>
              {found.more && found.limit < maxLookupResults && (
                <button type="button" className="button" onClick={() => send({ type: 'user.showMore' })} disabled={searching}>
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
