// The bureau (the address-cleanse service): a customer uploads a file of addresses, maps its
// columns, runs a free test, pays for the cleansed results (through the shop) and downloads them;
// admins set its costs and reference files. Its files, by concern:
//   a file        files.ts (who may act on it, how a row reads), create.ts, sample.ts and
//                 uploadReader(.worker).ts (reading the upload), manage.ts (list, rename, delete,
//                 columns), settings.ts (mapping, reference file, PAF, dedupe, suppression)
//   the cleanse   catalogue.ts (reference files and suppressions), cleanse.ts (the free test),
//                 results.ts (the results job), output.ts and report.ts (the results' files),
//                 retention.ts (how long uploads and results are kept)
//   the money     pricing.ts and costs.ts (what results cost), pay.ts (the order), charge.ts (its
//                 fulfilment), receipt.ts, stats.ts, admin.ts (costs, reference files, job charges)
//   routes        plugin.ts (files and results), moneyPlugin.ts (prices, payment, stats, admin)
//   SQL           queries.ts

/** The shop's fulfilment of a paid bureau order marks the file paid and writes its job charge. */
export { payBureauFileIn } from './charge';
/** The demo seed's file goes through the real code. */
export { createFile } from './create';
export type { BureauDeps } from './files';
export { putInputFields } from './settings';
export { insertUpload, listFiles } from './queries';
