// The portal's public configuration for the SPA.
export { configPlugin } from './plugin';
