import type { RuntimeConfig } from '../../contract/config/entities';
import { currencySymbols, territoryFromHost, type Territory } from '../../contract/shared/territory';

declare global {
  interface Window {
    __PORTAL_CONFIG__?: unknown;
  }
}

/**
 * The server injects the configuration into index.html; the Vite dev server does not, so then it is
 * fetched from the API once. The server builds it from the contract's schema, so it is not parsed
 * again here (that would put zod into the first page's JavaScript).
 */
export async function loadConfig(): Promise<RuntimeConfig> {
  const injected = window.__PORTAL_CONFIG__ ?? (await (await fetch('/api/config')).json());
  return injected as RuntimeConfig;
}

/** The territory this portal serves, from the host name (spec section 1). */
export function portalTerritory(config: RuntimeConfig, host = window.location.host): Territory {
  return territoryFromHost(host, config.defaultTerritory);
}

export const currencySymbol = (territory: Territory) => currencySymbols[territory];
