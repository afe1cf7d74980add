// Test calls: on a plan that allows them (the plan's allowTest), a data-quality call sent with the
// header below costs no clicks, is not refused for want of clicks, is counted apart in the usage
// reports and answers with `test: true` (and the same header back). Shared by the server (the
// meter) and the SPA (the services page and the API settings say how to make one).
import { formatCount } from './numbers';

/** The request header that marks a call as a test call; its value is true (or 1). */
export const testCallHeader = 'X-Test-Call';

/** Test calls an account may make of one service per UTC day: enough to build and check an integration. */
export const testCallsPerDay = 100;

/**
 * The header's value as a flag: "true" or "1" is a test call, "false", "0" or no header a live one;
 * anything else is null (the server answers 400 rather than guess).
 */
export function testCallFlag(value: string | string[] | undefined): boolean | null {
  if (value === undefined) return false;
  const text = (Array.isArray(value) ? value.join(',') : value).trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0' || text === '') return false;
  return null;
}

/** The header line a developer adds, as the portal shows it. */
export const testCallHeaderLine = `${testCallHeader}: true`;

/** What a test call does, in the portal's words (the services page and the API settings). */
export const testCallWhat = `It costs no clicks, answers with "test": true, and the reports count it apart from paid use (up to ${testCallsPerDay} a day for each service).`;

/** "3 test calls" / "1 test call". */
export const testCallCount = (n: number) => `${formatCount(n)} test call${n === 1 ? '' : 's'}`;
