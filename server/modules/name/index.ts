// Name validation (the service name).
export { namePlugin } from './plugin';
