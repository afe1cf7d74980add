// Email validation (the service email).
export { emailPlugin } from './plugin';
