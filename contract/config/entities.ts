import { z } from 'zod';
import { territories } from '../shared/territory';

/** Base URLs of the services of spec section 7, relative to the page or absolute. */
export const serviceNames = [
  'plans',
  'users',
  'bureau',
  'filesUk',
  'filesAustralia',
  'address',
  'autocomplete',
  'email',
  'bank',
  'name',
] as const;
export type ServiceName = (typeof serviceNames)[number];

/**
 * Runtime configuration the server injects into index.html (and serves at /api/config), so one
 * build of the SPA serves any deployment.
 */
export const runtimeConfig = z.object({
  services: z.record(z.enum(serviceNames), z.string()),
  supportEmail: z.string(),
  /** Site key of the bot check loaded after the app renders; null turns it off. */
  botCheckSiteKey: z.string().nullable(),
  botCheckScriptUrl: z.string().nullable(),
  /** How long (seconds) identical GET responses are served from the client cache; 0 disables. */
  requestCacheSeconds: z.number().int().min(0),
  /** Territory for hosts that name none (localhost). */
  defaultTerritory: z.enum(territories),
  /** Session lifetime requested at login (seconds); the SPA re-authenticates at half the time left. */
  sessionRecycleSeconds: z.number().int().positive(),
  /** Who may open the statechart visualiser: nobody, staff, or everyone (development). */
  visualiser: z.enum(['off', 'staff', 'everyone']),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
