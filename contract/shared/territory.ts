// Territories of spec section 1 and the name rule of section 5. Shared by the SPA and the server.
export const territories = ['uk', 'australia'] as const;
export type Territory = (typeof territories)[number];

/** Spec section 2: address cleanse (the bureau's file routes) is for UK accounts only. */
export const bureauTerritories = ['uk'] as const;

const names: Record<string, Territory> = {
  uk: 'uk',
  'united kingdom': 'uk',
  australia: 'australia',
  aus: 'australia',
};

/** Accepts uk, united kingdom, australia, aus (any case, surrounding spaces ignored); others raise 'Unknown territory'. */
export function parseTerritory(name: string): Territory {
  const territory = names[name.trim().toLowerCase()];
  if (!territory) throw new Error('Unknown territory');
  return territory;
}

/**
 * A uk- prefix or a .com host gives uk; an aus- prefix or a .com.au host gives australia.
 * Any other host (localhost, an IP address) gets the configured default.
 */
export function territoryFromHost(host: string, fallback: Territory = 'uk'): Territory {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (name.startsWith('aus-') || name.endsWith('.com.au')) return 'australia';
  if (name.startsWith('uk-') || name.endsWith('.com')) return 'uk';
  return fallback;
}

export const currencySymbols: Record<Territory, string> = { uk: '£', australia: 'A$' };

export const territoryLabels: Record<Territory, string> = { uk: 'United Kingdom', australia: 'Australia' };
