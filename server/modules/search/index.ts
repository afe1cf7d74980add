// Staff search over users and groups.
export { searchPlugin } from './plugin';
