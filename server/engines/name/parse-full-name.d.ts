// parse-full-name ships no types: the one function it exports, as its README describes it.
declare module 'parse-full-name' {
  export type ParsedFullName = { title: string; first: string; middle: string; last: string; nick: string; suffix: string; error: string[] };
  /** fixCase: -1 fix all-upper or all-lower names (default), 0 never, 1 always. stopOnError: 1 throws. */
  export function parseFullName(name: string, partToReturn?: 'all', fixCase?: -1 | 0 | 1, stopOnError?: 0 | 1, useLongLists?: 0 | 1): ParsedFullName;
}
