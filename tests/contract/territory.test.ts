import { describe, expect, it } from 'vitest';
import { currencySymbols, parseTerritory, territoryFromHost } from '../../contract/shared/territory';

describe('territories', () => {
  it.each([
    ['uk', 'uk'],
    ['United Kingdom', 'uk'],
    ['australia', 'australia'],
    ['AUS', 'australia'],
  ])('accepts the territory name %s', (name, territory) => {
    expect(parseTerritory(name)).toBe(territory);
  });

  it.each(['usa', '', 'england', 'au'])("raises 'Unknown territory' for %j", (name) => {
    expect(() => parseTerritory(name)).toThrow('Unknown territory');
  });

  it.each([
    ['uk-portal.localhost:8080', 'uk'],
    ['portal.example.com', 'uk'],
    ['aus-portal.localhost', 'australia'],
    ['portal.example.com.au', 'australia'],
  ])('derives the territory of host %s', (host, territory) => {
    expect(territoryFromHost(host, 'uk')).toBe(territory);
  });

  it('uses the configured default on hosts that name no territory', () => {
    expect(territoryFromHost('localhost:8080', 'australia')).toBe('australia');
    expect(territoryFromHost('127.0.0.1', 'uk')).toBe('uk');
  });

  it('shows £ for uk and A$ for australia', () => {
    expect(currencySymbols).toEqual({ uk: '£', australia: 'A$' });
  });
});
