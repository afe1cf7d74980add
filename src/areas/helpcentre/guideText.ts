import type { GuideBlock, GuideContent } from './types';

/** `**bold**` markers are presentation: search and snippets see the words only. */
export const plain = (text: string) => text.replaceAll('**', '');

function blockText(block: GuideBlock): string[] {
  if (typeof block === 'string') return [block];
  if ('list' in block) return [...block.list];
  if ('steps' in block) return [...block.steps];
  if ('table' in block) return [...block.table.head, ...block.table.rows.flat()];
  if ('note' in block) return [block.note];
  if ('code' in block) return [block.label, block.code];
  if ('link' in block) return [block.text];
  return [block.caption];
}

/** A guide's searchable body text: intro, headings, paragraphs, lists, tables, notes and figure captions. */
export function guideText(content: GuideContent): string {
  return [content.intro, ...content.sections.flatMap((s) => [s.heading, ...s.blocks.flatMap(blockText)])].map(plain).join('\n');
}
