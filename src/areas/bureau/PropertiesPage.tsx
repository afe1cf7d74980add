import { useSelector } from '@xstate/react';
import { suppressSettings, type SuppressSetting } from '../../../contract/shared/bureau';
import type { FileSettings } from '../../../machines/bureauFileParts';
import { Spinner } from '../../shared/Spinner';
import { PriceEstimate, pricedSettingsOf, tariffText } from './PriceEstimate';
import { useFilePage } from './useFilePage';
import './bureau.css';

// /file/{fileId}/properties: the reference file (maf), PAF, the dedupe level and separate file, each
// suppression list suppressed, flagged or off, and the output groups, with what each adds to the price
// beside it and the price lines of the settings as they stand; saved, then the free test runs.

const settingLabels: Record<SuppressSetting, string> = { off: 'Off', flag: 'Flag', suppress: 'Suppress' };

export default function PropertiesPage() {
  const actor = useFilePage('properties');
  const s = useSelector(actor, (x) => x);
  const { settings, draft, error } = s.context;
  if (s.matches({ settings: 'failed' })) {
    return (
      <section className="bureau" role="alert">
        <h1>File properties</h1>
        <p className="upload__error">{error}</p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'user.retry' })}>Try again</button>
      </section>
    );
  }
  if (!settings || !draft) return <Spinner />;
  const busy = s.matches({ settings: 'saving' });
  const set = (patch: Partial<FileSettings>) => actor.send({ type: 'user.set', settings: { ...draft, ...patch } });
  const forMaf = draft.mafId === null ? undefined : settings.options.byMaf[draft.mafId];
  const settingOf = (id: number) => draft.suppression.find((x) => x.suppressGroupId === id)?.suppressSetting ?? 'off';
  const { prices } = settings.options;
  /** What a setting adds to the price, said beside it. */
  const fee = (appliesTo: 'paf' | 'dedupe' | 'suppression') => {
    const t = prices.prices.find((p) => p.appliesTo === appliesTo);
    return t ? tariffText(t, prices.territory) : null;
  };
  const screeningFee = fee('suppression');
  return (
    <section className="bureau" aria-labelledby="properties-heading">
      <h1 id="properties-heading">File properties</h1>
      <fieldset disabled={busy} className="bureau__fields">
        <label htmlFor="maf">Reference file</label>
        <select id="maf" value={draft.mafId ?? ''} onChange={(e) => set({ mafId: Number(e.target.value) })}>
          {settings.options.mafs.map((m) => <option key={m.mafId} value={m.mafId}>{m.mafName}</option>)}
        </select>
        <label className="bureau__check"><input type="checkbox" checked={draft.usePAF} onChange={(e) => set({ usePAF: e.target.checked })} aria-describedby="fee-paf" /> Use PAF</label>
        {fee('paf') ? <small id="fee-paf" className="field__hint">Adds {fee('paf')}.</small> : null}
        <label htmlFor="dedupe">Deduplication</label>
        <select id="dedupe" aria-describedby={fee('dedupe') ? 'fee-dedupe' : undefined} value={draft.dedupeSettingId} onChange={(e) => set({ dedupeSettingId: Number(e.target.value) })}>
          {settings.options.dedupeLevels.map((d) => <option key={d.settingId} value={d.settingId}>{d.name}</option>)}
        </select>
        {fee('dedupe') ? <small id="fee-dedupe" className="field__hint">Any level adds {fee('dedupe')}.</small> : null}
        <label className="bureau__check"><input type="checkbox" checked={draft.separateFile} onChange={(e) => set({ separateFile: e.target.checked })} /> Put duplicates in a separate file</label>
      </fieldset>
      <fieldset disabled={busy} className="bureau__fields">
        <legend>Suppression</legend>
        {screeningFee ? (
          <p className="field__hint" id="fee-screening" data-testid="screening-fee">
            Screening against any list set to Flag or Suppress adds {screeningFee}. Set every list to Off to leave it out.
          </p>
        ) : null}
        {forMaf?.suppression.map((g) => (
          <div key={g.suppressGroupId} className="bureau__row">
            <label htmlFor={`suppress-${g.suppressGroupId}`}>{g.name}</label>
            <select id={`suppress-${g.suppressGroupId}`} aria-describedby={screeningFee ? 'fee-screening' : undefined} value={settingOf(g.suppressGroupId)} onChange={(e) => {
              const value = suppressSettings.find((x) => x === e.target.value) ?? 'off';
              set({ suppression: [...draft.suppression.filter((x) => x.suppressGroupId !== g.suppressGroupId), { suppressGroupId: g.suppressGroupId, suppressSetting: value }] });
            }}>
              {suppressSettings.map((x) => <option key={x} value={x}>{settingLabels[x]}</option>)}
            </select>
          </div>
        ))}
      </fieldset>
      <fieldset disabled={busy} className="bureau__fields">
        <legend>Output groups</legend>
        {forMaf?.outputGroups.map((g) => (
          <label key={g.outputGroupId} className="bureau__check">
            <input type="checkbox" disabled={g.required} checked={g.required || draft.outputGroupIds.includes(g.outputGroupId)} onChange={(e) => set({ outputGroupIds: e.target.checked ? [...draft.outputGroupIds, g.outputGroupId] : draft.outputGroupIds.filter((x) => x !== g.outputGroupId) })} />{' '}
            {g.name} <span className="muted">({forMaf.outputFields.filter((f) => f.outputGroupId === g.outputGroupId).map((f) => f.name).join(', ') || g.description})</span>
          </label>
        ))}
      </fieldset>
      <PriceEstimate prices={prices} settings={pricedSettingsOf(draft, settings.options)} />
      {error ? <p className="upload__error" role="alert">{error}</p> : null}
      <button type="button" className="button button--primary" disabled={busy} onClick={() => actor.send({ type: 'user.saveSettings' })}>
        {busy ? 'Saving...' : 'Save and run the free test'}
      </button>
    </section>
  );
}
