import { guideText } from './guideText';
import { guides, type GuideMeta } from './guides';

export type GuideHit = {
  guide: GuideMeta;
  /** Some words around the first match in the body, when the title and summary do not match. */
  snippet: string | null;
};

/** Words of a question that say nothing about what is asked ("how do I get an API key"). */
const questionWords = new Set(
  'a an the i we my our me you your how do does can could what where when which who why is are to of for in on with get find use'.split(' '),
);

const words = (query: string) => {
  const all = query
    .toLowerCase()
    .split(/[\s?!.,]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  const meaningful = all.filter((w) => !questionWords.has(w));
  // A query made only of such words ("how to") is searched as typed.
  return meaningful.length > 0 ? meaningful : all;
};

function snippetAround(text: string, word: string, width = 90): string | null {
  const at = text.toLowerCase().indexOf(word);
  if (at < 0) return null;
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - width)) + 1);
  const endSpace = text.indexOf(' ', Math.min(text.length, at + word.length + width));
  const end = endSpace < 0 ? text.length : endSpace;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < text.length ? '…' : ''}`;
}

/**
 * Guides whose title, summary or (when loaded) body text contain every word of the query, any case.
 * Guides matching in the title come first; an empty query lists every guide.
 */
export function searchGuides(query: string, texts: ReadonlyMap<string, string> | null, all: readonly GuideMeta[] = guides): GuideHit[] {
  const terms = words(query);
  if (terms.length === 0) return all.map((guide) => ({ guide, snippet: null }));
  const hits: (GuideHit & { rank: number })[] = [];
  all.forEach((guide, i) => {
    const head = `${guide.title}\n${guide.summary}\n${guide.keywords ?? ''}`.toLowerCase();
    const body = texts?.get(guide.name) ?? '';
    const lowerBody = body.toLowerCase();
    if (!terms.every((t) => head.includes(t) || lowerBody.includes(t))) return;
    const inTitle = terms.some((t) => guide.title.toLowerCase().includes(t));
    const bodyOnly = terms.find((t) => !head.includes(t));
    hits.push({ guide, snippet: bodyOnly ? snippetAround(body, bodyOnly) : null, rank: (inTitle ? 0 : 1000) + i });
  });
  return hits.sort((a, b) => a.rank - b.rank).map(({ guide, snippet }) => ({ guide, snippet }));
}

let texts: Promise<Map<string, string>> | undefined;

/** Every guide's body text, loaded once, the first time someone searches. */
export function loadGuideTexts(): Promise<Map<string, string>> {
  texts ??= Promise.all(guides.map(async (g) => [g.name, guideText((await g.load()).default)] as const)).then(
    (entries) => new Map(entries),
    (err: unknown) => {
      texts = undefined;
      throw err;
    },
  );
  return texts;
}
