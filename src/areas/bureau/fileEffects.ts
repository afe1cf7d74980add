import { fromPromise } from 'xstate';
import { fileServers } from '../../../contract/files/endpoints';
import { idempotencyKeyHeader } from '../../../contract/shared/shop';
import { bureauFileMachine } from '../../../machines/bureauFile';
import { stageOf, type FileSettings, type SettingsData } from '../../../machines/bureauFileParts';
import { bureauApi, type BureauApi } from '../../api/bureau';
import { uploadWithEffects, type UploadDeps } from './uploadEffects';

// The bureau file machine's effects: the bureau server's calls of spec section 7 (each failure is
// thrown and shown by the client's Error modal, spec section 8), the gateway redirect, and the upload.

export const filePath = (fileId: number) => `/portal/applications/addresscleanse/file/${fileId}`;
async function loadSettings(calls: BureauApi, fileId: number): Promise<SettingsData> {
  const [file, mafs, dedupeLevels, suppressionTypes, prices] = await Promise.all([
    calls.file(fileId),
    calls.mafs(),
    calls.dedupeLevels(),
    calls.suppressionTypes(),
    calls.filePrices(fileId),
  ]);
  const byMaf: SettingsData['options']['byMaf'] = {};
  await Promise.all(
    mafs.map(async ({ mafId }) => {
      const [suppression, outputGroups, outputFields] = await Promise.all([
        calls.suppressionSettings(mafId),
        calls.outputGroups(mafId),
        calls.outputFields(mafId),
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
async function saveSettings(calls: BureauApi, fileId: number, s: FileSettings, levels: SettingsData['options']['dedupeLevels']) {
  if (s.mafId === null) throw new Error('Choose a reference file');
  await calls.putMafSettings(fileId, s.mafId);
  await calls.putAddressSettings(fileId, s.usePAF);
  const level = levels.find((d) => d.settingId === s.dedupeSettingId)?.level ?? null;
  await calls.putDedupeSettings(fileId, { settingId: s.dedupeSettingId, settingField: level });
  await calls.putDedupeSeparateFile(fileId, s.separateFile);
  for (const one of s.suppression) await calls.putFileSuppression(fileId, one);
  await calls.putFileOutputGroups(fileId, s.outputGroupIds);
}

export type FileDeps = UploadDeps & { origin: () => string; redirect: (url: string) => void; uuid?: () => string };

export function fileWithEffects(deps: FileDeps) {
  const { api, territory, origin, redirect, uuid = () => crypto.randomUUID() } = deps;
  const calls = bureauApi(api);
  let levels: SettingsData['options']['dedupeLevels'] = [];
  return bureauFileMachine.provide({
    actors: {
      upload: uploadWithEffects(deps),
      loadStatus: fromPromise(async ({ input }) => stageOf(await calls.file(input.fileId))),
      loadFields: fromPromise(({ input }) => calls.inputFields(input)),
      // A refusal is shown on the mapping page, next to the columns it concerns (no modal).
      saveFields: fromPromise(async ({ input: { fileId, mapping } }) => {
        await calls.putInputFields(fileId, mapping);
      }),
      readAs: fromPromise(async ({ input: { fileId, encoding } }) => {
        await calls.putEncoding(fileId, { encoding });
      }),
      loadSettings: fromPromise(async ({ input }) => {
        const data = await loadSettings(calls, input.fileId);
        levels = data.options.dedupeLevels;
        return data;
      }),
      saveSettings: fromPromise(({ input }) => saveSettings(calls, input.fileId, input.settings, levels)),
      loadTest: fromPromise(({ input }) => calls.testResults(input)),
      createResults: fromPromise(async ({ input }) => {
        await calls.createResults(input);
      }),
      pollResults: fromPromise(async ({ input }) => {
        const r = await calls.results(input);
        if (r.status === 'failed') throw new Error(r.failure ?? 'The results job failed: run it again');
        if (r.results && (r.status === 'results' || r.status === 'paid')) return { done: true as const, results: r.results };
        return { done: false as const, progress: r.progress.total ? Math.floor((r.progress.done / r.progress.total) * 100) : 0 };
      }),
      loadCosts: fromPromise(({ input }) => calls.resultCosts(input)),
      pay: fromPromise(async ({ input: { fileId, details } }) => {
        const back = `${origin()}${filePath(fileId)}`;
        const urls = { backUrl: `${back}?payment=cancelled`, paidUrl: `${back}?payment=paid` };
        const paid = await calls.pay(fileId, { ...details, territory, ...urls }, { [idempotencyKeyHeader]: uuid() });
        return { url: paid.checkoutUrl ?? urls.paidUrl };
      }),
      discard: fromPromise(async ({ input }) => {
        await calls.discardResults(input);
      }),
      loadReceipt: fromPromise(({ input }) => calls.receipt({ ...input, backUrl: `${origin()}${filePath(input.fileId)}` })),
      loadDownload: fromPromise(({ input }) => calls.resultsFileId(input)),
    },
    actions: { redirect: (_, { url }) => redirect(url) },
  });
}

/** The results zip's link (spec section 7: built from fileServerId and the token). */
export function downloadLink(base: string, fileServerId: string, token: string): string {
  return `${base}${fileServers.uk.downloadFile.path.replace(':id', encodeURIComponent(fileServerId))}?${new URLSearchParams({ token })}`;
}
