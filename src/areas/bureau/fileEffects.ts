import { fromPromise } from 'xstate';
import * as bureau from '../../../contract/bureau/endpoints';
import { fileServers } from '../../../contract/files/endpoints';
import { idempotencyKeyHeader } from '../../../contract/shared/shop';
import { bureauFileMachine } from '../../../machines/bureauFile';
import { stageOf, type FileSettings, type SettingsData } from '../../../machines/bureauFileParts';
import type { ApiClient } from '../../api/client';
import { uploadWithEffects, type UploadDeps } from './uploadEffects';

// The bureau file machine's effects: the bureau server's calls of spec section 7 (each failure is
// thrown and shown by the client's Error modal, spec section 8), the gateway redirect, and the upload.

export const filePath = (fileId: number) => `/portal/applications/addresscleanse/file/${fileId}`;
const noCache = { cache: false } as const;

async function loadSettings(api: ApiClient, fileId: number): Promise<SettingsData> {
  const [file, mafs, dedupeLevels, suppressionTypes, prices] = await Promise.all([
    api.call(bureau.getFile, { query: { fileId } }, { action: 'load file', ...noCache }),
    api.call(bureau.listMafs, {}, { action: 'load reference files' }),
    api.call(bureau.getDedupeLevels, {}, { action: 'load dedupe levels' }),
    api.call(bureau.getSuppressionTypes, {}, { action: 'load suppression types' }),
    api.call(bureau.getFilePrices, { query: { fileId } }, { action: 'load the prices', ...noCache }),
  ]);
  const byMaf: SettingsData['options']['byMaf'] = {};
  await Promise.all(
    mafs.map(async ({ mafId }) => {
      const [suppression, outputGroups, outputFields] = await Promise.all([
        api.call(bureau.getSuppressionSettings, { query: { mafId } }, { action: 'load suppression settings' }),
        api.call(bureau.getOutputGroups, { query: { mafId } }, { action: 'load output groups' }),
        api.call(bureau.getOutputFields, { query: { mafId } }, { action: 'load output fields' }),
      ]);
      byMaf[mafId] = { suppression, outputGroups, outputFields };
    }),
  );
  // A file not set yet starts from the first reference file and its defaults.
  const mafId = file.mafId ?? mafs[0]?.mafId ?? null;
  const forMaf = mafId === null ? undefined : byMaf[mafId];
  const settings: FileSettings = {
    mafId,
    usePAF: file.usePAF,
    dedupeSettingId: dedupeLevels.find((d) => d.level === file.dedupeLevel)?.settingId ?? 0,
    separateFile: file.separateFile,
    suppression: file.suppression.length || !forMaf ? file.suppression : forMaf.suppression.map((g) => ({ suppressGroupId: g.suppressGroupId, suppressSetting: g.defaultSetting })),
    outputGroupIds: file.mafId !== null || !forMaf ? file.outputGroupIds : forMaf.outputGroups.filter((g) => g.required || g.defaultOn).map((g) => g.outputGroupId),
  };
  return { settings, options: { mafs, dedupeLevels, suppressionTypes, byMaf, prices } };
}

/** Every property the page sets, one call each, in the spec's calls (reference file first: the rest depend on it). */
async function saveSettings(api: ApiClient, fileId: number, s: FileSettings, levels: SettingsData['options']['dedupeLevels']) {
  const query = { fileId };
  if (s.mafId === null) throw new Error('Choose a reference file');
  await api.call(bureau.putMafSettings, { query, body: { mafId: s.mafId } }, { action: 'save the reference file' });
  await api.call(bureau.putAddressSettings, { query, body: { usePAF: s.usePAF } }, { action: 'save the address settings' });
  const level = levels.find((d) => d.settingId === s.dedupeSettingId)?.level ?? null;
  await api.call(bureau.putDedupeSettings, { query, body: { settingId: s.dedupeSettingId, settingField: level } }, { action: 'save the dedupe settings' });
  await api.call(bureau.putDedupeSeparateFile, { query, body: { separateFile: s.separateFile } }, { action: 'save the dedupe settings' });
  for (const one of s.suppression) await api.call(bureau.putFileSuppression, { query, body: one }, { action: 'save the suppression settings' });
  await api.call(bureau.putFileOutputGroups, { query, body: { outputGroupIds: s.outputGroupIds } }, { action: 'save the output groups' });
}

export type FileDeps = UploadDeps & { origin: () => string; redirect: (url: string) => void; uuid?: () => string };

export function fileWithEffects(deps: FileDeps) {
  const { api, territory, origin, redirect, uuid = () => crypto.randomUUID() } = deps;
  let levels: SettingsData['options']['dedupeLevels'] = [];
  return bureauFileMachine.provide({
    actors: {
      upload: uploadWithEffects(deps),
      loadStatus: fromPromise(async ({ input }) => stageOf(await api.call(bureau.getFile, { query: input }, { action: 'load file', ...noCache }))),
      loadFields: fromPromise(({ input }) => api.call(bureau.getInputFields, { query: input }, { action: 'load input fields', ...noCache })),
      // A refusal is shown on the mapping page, next to the columns it concerns (no modal).
      saveFields: fromPromise(async ({ input: { fileId, mapping } }) => {
        await api.call(bureau.putInputFields, { query: { fileId }, body: mapping }, { action: 'save input fields', skipDefaultErrorHandling: true });
      }),
      readAs: fromPromise(async ({ input: { fileId, encoding } }) => {
        await api.call(bureau.putEncoding, { query: { fileId }, body: { encoding } }, { action: 'read the file again' });
      }),
      loadSettings: fromPromise(async ({ input }) => {
        const data = await loadSettings(api, input.fileId);
        levels = data.options.dedupeLevels;
        return data;
      }),
      saveSettings: fromPromise(({ input }) => saveSettings(api, input.fileId, input.settings, levels)),
      loadTest: fromPromise(({ input }) => api.call(bureau.getTestResults, { query: input }, { action: 'load test results', ...noCache })),
      createResults: fromPromise(async ({ input }) => {
        await api.call(bureau.createResults, { query: input }, { action: 'create results' });
      }),
      pollResults: fromPromise(async ({ input }) => {
        const r = await api.call(bureau.getResults, { query: input }, { action: 'load results', ...noCache });
        if (r.status === 'failed') throw new Error(r.failure ?? 'The results job failed: run it again');
        if (r.results && (r.status === 'results' || r.status === 'paid')) return { done: true as const, results: r.results };
        return { done: false as const, progress: r.progress.total ? Math.floor((r.progress.done / r.progress.total) * 100) : 0 };
      }),
      loadCosts: fromPromise(({ input }) => api.call(bureau.getResultCosts, { query: input }, { action: 'load costs', ...noCache })),
      pay: fromPromise(async ({ input: { fileId, details } }) => {
        const back = `${origin()}${filePath(fileId)}`;
        const urls = { backUrl: `${back}?payment=cancelled`, paidUrl: `${back}?payment=paid` };
        const paid = await api.call(bureau.payResults, { query: { fileId }, body: { ...details, territory, ...urls } }, { action: 'pay', headers: { [idempotencyKeyHeader]: uuid() }, skipDefaultErrorHandling: true });
        return { url: paid.checkoutUrl ?? urls.paidUrl };
      }),
      discard: fromPromise(async ({ input }) => {
        await api.call(bureau.discardResults, { query: input }, { action: 'discard results' });
      }),
      loadReceipt: fromPromise(({ input }) => api.call(bureau.getResultsReceipt, { query: { ...input, backUrl: `${origin()}${filePath(input.fileId)}` } }, { action: 'load what was paid', ...noCache })),
      loadDownload: fromPromise(({ input }) => api.call(bureau.getResultsFileId, { query: input }, { action: 'load results file', ...noCache })),
    },
    actions: { redirect: (_, { url }) => redirect(url) },
  });
}

/** The results zip's link (spec section 7: built from fileServerId and the token). */
export function downloadLink(base: string, fileServerId: string, token: string): string {
  return `${base}${fileServers.uk.downloadFile.path.replace(':id', encodeURIComponent(fileServerId))}?${new URLSearchParams({ token })}`;
}
