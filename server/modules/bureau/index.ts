// The bureau: a customer uploads a file of addresses, maps its columns, runs a free sample, pays for
// the cleansed results (through the shop) and downloads them; staff set its costs and settings.
export { bureauPlugin, bureauQueues } from './plugin';
export { bureauMoneyPlugin } from './moneyPlugin';
export { payBureauFileIn } from './charge';
export { createFile } from './create';
export type { BureauDeps } from './files';
export { putInputFields } from './settings';
export { insertUpload, listFiles } from './queries';
