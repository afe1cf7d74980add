import { endpoint } from '../endpoint';
import type * as S from './schemas';

// Spec section 7, Bureau: the bureau server (/api/bureau). Ours are marked; the rest are the spec's.

export const listFiles = endpoint<typeof S.listFiles>('bureau', 'GET', '/files', 'bearer');
export const createFile = endpoint<typeof S.createFile>('bureau', 'POST', '/files', 'bearer');
export const renameFile = endpoint<typeof S.renameFile>('bureau', 'PUT', '/files', 'bearer');
export const deleteFile = endpoint<typeof S.deleteFile>('bureau', 'DELETE', '/files', 'bearer');
/** Ours: one file's whole record. */
export const getFile = endpoint<typeof S.getFile>('bureau', 'GET', '/files/detail', 'bearer');

export const listMafs = endpoint<typeof S.listMafs>('bureau', 'GET', '/mafs', 'bearer');
export const getInputFields = endpoint<typeof S.getInputFields>('bureau', 'GET', '/files/inputfields', 'bearer');
export const putInputFields = endpoint<typeof S.putInputFields>('bureau', 'PUT', '/files/inputfields', 'bearer');
/** Ours: read the file again in another encoding. */
export const putEncoding = endpoint<typeof S.putEncoding>('bureau', 'PUT', '/files/encoding', 'bearer');
export const getSuppressionTypes = endpoint<typeof S.getSuppressionTypes>('bureau', 'GET', '/suppressiontypes', 'bearer');
export const getSuppressionSettings = endpoint<typeof S.getSuppressionSettings>('bureau', 'GET', '/suppressionsettings', 'bearer');
export const getFileSuppression = endpoint<typeof S.getFileSuppression>('bureau', 'GET', '/files/suppressionsettings', 'bearer');
export const putFileSuppression = endpoint<typeof S.putFileSuppression>('bureau', 'PUT', '/files/suppressionsettings', 'bearer');
export const getDedupeLevels = endpoint<typeof S.getDedupeLevels>('bureau', 'GET', '/dedupelevels', 'bearer');
export const putDedupeSettings = endpoint<typeof S.putDedupeSettings>('bureau', 'PUT', '/files/dedupesettings', 'bearer');
export const putDedupeSeparateFile = endpoint<typeof S.putDedupeSeparateFile>('bureau', 'PUT', '/files/dedupeseparatefile', 'bearer');
export const putAddressSettings = endpoint<typeof S.putAddressSettings>('bureau', 'PUT', '/files/addresssettings', 'bearer');
export const putMafSettings = endpoint<typeof S.putMafSettings>('bureau', 'PUT', '/files/mafsettings', 'bearer');
export const getOutputGroups = endpoint<typeof S.getOutputGroups>('bureau', 'GET', '/outputgroups', 'bearer');
export const getOutputFields = endpoint<typeof S.getOutputFields>('bureau', 'GET', '/outputfields', 'bearer');
export const getFileOutputGroups = endpoint<typeof S.getFileOutputGroups>('bureau', 'GET', '/files/outputgroups', 'bearer');
export const putFileOutputGroups = endpoint<typeof S.putFileOutputGroups>('bureau', 'PUT', '/files/outputgroups', 'bearer');

export const getTestResults = endpoint<typeof S.getTestResults>('bureau', 'GET', '/files/testresults', 'bearer');
export const createResults = endpoint<typeof S.createResults>('bureau', 'PUT', '/files/createresults', 'bearer');
export const getResults = endpoint<typeof S.getResults>('bureau', 'GET', '/files/results', 'bearer');
export const getFilePrices = endpoint<typeof S.getFilePrices>('bureau', 'GET', '/files/prices', 'bearer');
export const getResultCosts = endpoint<typeof S.getResultCosts>('bureau', 'GET', '/files/results/costs', 'bearer');
export const payResults = endpoint<typeof S.payResults>('bureau', 'POST', '/files/results/pay', 'bearer');
export const discardResults = endpoint<typeof S.discardResults>('bureau', 'PUT', '/files/discardresults', 'bearer');
export const getResultsFileId = endpoint<typeof S.getResultsFileId>('bureau', 'GET', '/files/results/fileid', 'bearer');
export const getResultsReceipt = endpoint<typeof S.getResultsReceipt>('bureau', 'GET', '/files/results/receipt', 'bearer');
export const statsSummary = endpoint<typeof S.statsSummary>('bureau', 'GET', '/stats/summary', 'bearer');
/** Ours: how long the account keeps uploads and results. */
export const getRetention = endpoint<typeof S.getRetention>('bureau', 'GET', '/files/retention', 'bearer');
export const putRetention = endpoint<typeof S.putRetention>('bureau', 'PUT', '/files/retention', 'bearer');

export const listCosts = endpoint<typeof S.listCosts>('bureau', 'GET', '/admin/costs', 'bearer');
export const createCost = endpoint<typeof S.createCost>('bureau', 'POST', '/admin/costs', 'bearer');
/** Ours: withdraws a scheduled price that has not started. */
export const withdrawCost = endpoint<typeof S.withdrawCost>('bureau', 'DELETE', '/admin/costs', 'bearer');
export const listAdminMafs = endpoint<typeof S.listAdminMafs>('bureau', 'GET', '/admin/mafs', 'bearer');
export const listCostTypes = endpoint<typeof S.listCostTypes>('bureau', 'GET', '/admin/costtypes', 'bearer');
export const royaltyCharges = endpoint<typeof S.royaltyCharges>('bureau', 'GET', '/admin/royaltycharges', 'bearer');
export const jobCharges = endpoint<typeof S.jobCharges>('bureau', 'GET', '/admin/jobcharges', 'bearer');
