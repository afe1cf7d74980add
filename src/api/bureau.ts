import * as bureau from '../../contract/bureau/endpoints';
import type { BodyOf, QueryOf, ResponseOf } from '../../contract/endpoint';
import type { ApiClient } from './client';

// The bureau server's calls of spec section 7 (contract/bureau/endpoints.ts): a file's workflow, the
// account's files, statistics and retention, and the admin prices and reports (admin and super).
// Loaded with the address cleanse pages only. What a page shows afresh is read without the cache.

export type AdminCost = ResponseOf<typeof bureau.listCosts>[number];
export type CostType = ResponseOf<typeof bureau.listCostTypes>[number];
export type AdminMaf = ResponseOf<typeof bureau.listAdminMafs>[number];
export type RoyaltyCharge = ResponseOf<typeof bureau.royaltyCharges>[number];
export type JobCharge = ResponseOf<typeof bureau.jobCharges>[number];
export type CostBody = BodyOf<typeof bureau.createCost>;

const noCache = { cache: false } as const;

export function bureauApi(api: ApiClient) {
  return {
    file: (fileId: number) => api.call(bureau.getFile, { query: { fileId } }, { action: 'load file', ...noCache }),
    /** The file's name for the breadcrumb: the page itself says why it failed, so no Error modal. */
    fileQuietly: (fileId: number) =>
      api.call(bureau.getFile, { query: { fileId } }, { action: 'load file', ...noCache, skipDefaultErrorHandling: true }),
    files: () => api.call(bureau.listFiles, {}, { action: 'load the address cleanse files', ...noCache }),
    createFile: (body: BodyOf<typeof bureau.createFile>) => api.call(bureau.createFile, { body }, { action: 'create file' }),
    renameFile: (fileId: number, name: string) => api.call(bureau.renameFile, { query: { fileId }, body: { name } }, { action: 'rename the file' }),
    deleteFile: (fileId: number) => api.call(bureau.deleteFile, { query: { fileId } }, { action: 'delete the file' }),
    stats: (query: QueryOf<typeof bureau.statsSummary>) =>
      api.call(bureau.statsSummary, { query }, { action: 'load the address cleanse statistics', ...noCache }),
    retention: (accountId: number) => api.call(bureau.getRetention, { query: { accountId } }, { action: 'load how long files are kept', ...noCache }),
    putRetention: (accountId: number, body: BodyOf<typeof bureau.putRetention>) =>
      api.call(bureau.putRetention, { query: { accountId }, body }, { action: 'save how long files are kept' }),

    mafs: () => api.call(bureau.listMafs, {}, { action: 'load reference files' }),
    dedupeLevels: () => api.call(bureau.getDedupeLevels, {}, { action: 'load dedupe levels' }),
    suppressionTypes: () => api.call(bureau.getSuppressionTypes, {}, { action: 'load suppression types' }),
    filePrices: (fileId: number) => api.call(bureau.getFilePrices, { query: { fileId } }, { action: 'load the prices', ...noCache }),
    suppressionSettings: (mafId: number) => api.call(bureau.getSuppressionSettings, { query: { mafId } }, { action: 'load suppression settings' }),
    outputGroups: (mafId: number) => api.call(bureau.getOutputGroups, { query: { mafId } }, { action: 'load output groups' }),
    outputFields: (mafId: number) => api.call(bureau.getOutputFields, { query: { mafId } }, { action: 'load output fields' }),
    putMafSettings: (fileId: number, mafId: number) =>
      api.call(bureau.putMafSettings, { query: { fileId }, body: { mafId } }, { action: 'save the reference file' }),
    putAddressSettings: (fileId: number, usePAF: boolean) =>
      api.call(bureau.putAddressSettings, { query: { fileId }, body: { usePAF } }, { action: 'save the address settings' }),
    putDedupeSettings: (fileId: number, body: BodyOf<typeof bureau.putDedupeSettings>) =>
      api.call(bureau.putDedupeSettings, { query: { fileId }, body }, { action: 'save the dedupe settings' }),
    putDedupeSeparateFile: (fileId: number, separateFile: boolean) =>
      api.call(bureau.putDedupeSeparateFile, { query: { fileId }, body: { separateFile } }, { action: 'save the dedupe settings' }),
    putFileSuppression: (fileId: number, body: BodyOf<typeof bureau.putFileSuppression>) =>
      api.call(bureau.putFileSuppression, { query: { fileId }, body }, { action: 'save the suppression settings' }),
    putFileOutputGroups: (fileId: number, outputGroupIds: number[]) =>
      api.call(bureau.putFileOutputGroups, { query: { fileId }, body: { outputGroupIds } }, { action: 'save the output groups' }),

    inputFields: (query: QueryOf<typeof bureau.getInputFields>) =>
      api.call(bureau.getInputFields, { query }, { action: 'load input fields', ...noCache }),
    /** A refusal is shown on the mapping page, next to the columns it concerns (no modal). */
    putInputFields: (fileId: number, body: BodyOf<typeof bureau.putInputFields>) =>
      api.call(bureau.putInputFields, { query: { fileId }, body }, { action: 'save input fields', skipDefaultErrorHandling: true }),
    putEncoding: (fileId: number, body: BodyOf<typeof bureau.putEncoding>) =>
      api.call(bureau.putEncoding, { query: { fileId }, body }, { action: 'read the file again' }),
    testResults: (query: QueryOf<typeof bureau.getTestResults>) =>
      api.call(bureau.getTestResults, { query }, { action: 'load test results', ...noCache }),
    createResults: (query: QueryOf<typeof bureau.createResults>) => api.call(bureau.createResults, { query }, { action: 'create results' }),
    results: (query: QueryOf<typeof bureau.getResults>) => api.call(bureau.getResults, { query }, { action: 'load results', ...noCache }),
    resultCosts: (query: QueryOf<typeof bureau.getResultCosts>) => api.call(bureau.getResultCosts, { query }, { action: 'load costs', ...noCache }),
    /** The form says a refusal itself; the headers carry the idempotency key that makes a repeated submission one payment. */
    pay: (fileId: number, body: BodyOf<typeof bureau.payResults>, headers: Record<string, string>) =>
      api.call(bureau.payResults, { query: { fileId }, body }, { action: 'pay', headers, skipDefaultErrorHandling: true }),
    discardResults: (query: QueryOf<typeof bureau.discardResults>) => api.call(bureau.discardResults, { query }, { action: 'discard results' }),
    receipt: (query: QueryOf<typeof bureau.getResultsReceipt>) =>
      api.call(bureau.getResultsReceipt, { query }, { action: 'load what was paid', ...noCache }),
    resultsFileId: (query: QueryOf<typeof bureau.getResultsFileId>) =>
      api.call(bureau.getResultsFileId, { query }, { action: 'load results file', ...noCache }),

    costs: () => api.call(bureau.listCosts, { query: {} }, { action: 'load the address cleanse prices', ...noCache }),
    costTypes: () => api.call(bureau.listCostTypes, {}, { action: 'load the cost types', ...noCache }),
    adminMafs: () => api.call(bureau.listAdminMafs, {}, { action: 'load the reference files', ...noCache }),
    createCost: (body: CostBody) => api.call(bureau.createCost, { body }, { action: 'save the price' }),
    withdrawCost: (costId: number) => api.call(bureau.withdrawCost, { query: { costId } }, { action: 'withdraw the price' }),
    royaltyCharges: (query: QueryOf<typeof bureau.royaltyCharges>) =>
      api.call(bureau.royaltyCharges, { query }, { action: 'load the royalty charges', ...noCache }),
    jobCharges: (query: QueryOf<typeof bureau.jobCharges>) => api.call(bureau.jobCharges, { query }, { action: 'load the job charges', ...noCache }),
  };
}

export type BureauApi = ReturnType<typeof bureauApi>;
