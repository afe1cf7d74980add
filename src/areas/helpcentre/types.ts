import type { ReactNode } from 'react';

/**
 * A guide's content: plain text (React escapes it; `**words**` shows in bold), lists, steps, tables,
 * notes and figures (inline SVG or CSS diagrams, never images from the network). Guides are data, so
 * the help centre can search their text and one view renders them all.
 */
export type GuideBlock =
  /** A paragraph. */
  | string
  | { list: readonly string[] }
  /** Numbered steps. */
  | { steps: readonly string[] }
  | { table: { head: readonly string[]; rows: readonly (readonly string[])[] } }
  | { note: string; tone?: 'tip' | 'warning' }
  /** An example request or snippet, shown as preformatted text. */
  | { code: string; label: string }
  /**
   * A plain link to a page the server serves outside the portal (the API reference at /api/docs):
   * an ordinary anchor, so the browser leaves the portal for it. `text` is also its text for search.
   */
  | { link: string; text: string }
  /** A diagram; `caption` is also its text for search. */
  | { figure: ReactNode; caption: string };

export type GuideSection = { heading: string; blocks: readonly GuideBlock[] };

export type GuideContent = {
  intro: string;
  sections: readonly GuideSection[];
  /** Names of other guides worth reading next. */
  related?: readonly string[];
};
