// A country's name from its ISO 3166 code, in English, by the browser's own list (Intl.DisplayNames).
const names = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en-GB'], { type: 'region' }) : null;

/** "United Kingdom (GB)"; calls whose country was not known read "Unknown". */
export function countryName(code: string): string {
  if (!code) return 'Unknown';
  try {
    const name = names?.of(code.toUpperCase());
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
