// Help tips (spec section 3, "Help tip"; section 4, "Help tips"; section 5; section 9). Plain types and
// values, no zod: a tour is static data shipped with the page that shows it.

/** Where a tip sits relative to its target element; `middle` is centred on the screen with no target. */
export const helpTipSides = ['top', 'right', 'bottom', 'left', 'middle'] as const;
export type HelpTipSide = (typeof helpTipSides)[number];

/** One row of a tip's optional table. `key` and `text` are help text (sanitised like `helpText`). */
export type HelpTableRow = { key: string; text: string };

/** Spec section 3. `helpText`, the table and `helpTextAfterTable` may hold the tags b, a, br and p only. */
export type HelpTip = {
  /** The id of the element the tip points at; required unless `side` is `middle` (spec section 5). */
  targetId?: string;
  side: HelpTipSide;
  /** Tips of a tour run in ascending `order`. */
  order: number;
  title: string;
  /** Unique within its tour; the tip's storage key is made from the tour name and this. */
  helpTipName: string;
  helpText: string;
  helpTable?: readonly HelpTableRow[];
  helpTextAfterTable?: string;
  /** Leave the page undimmed behind the tip. */
  hideDarkBG?: boolean;
  /** Do not wait for a missing target to appear, nor follow the target as it resizes. */
  skipResizeObserver?: boolean;
};

/** A page's tour. Adding a tour to a page is adding one of these: the machine and storage stay as they are. */
export type HelpTour = { tourName: string; tips: readonly HelpTip[] };

/** Spec section 5, word for word; details follow after a colon. */
export const missingTargetMessage = 'A help tip with a side other than middle must have a target element';

/** Local storage (spec section 9): one key per tip plus one global flag, all under this prefix, which logout keeps. */
export const helpTipStoragePrefix = 'portal.helptips.';
export const helpTipsDisabledKey = `${helpTipStoragePrefix}disabled`;
/** The id of a tip across tours: what its storage key and the machine's disabled list are made of. */
export const helpTipId = (tourName: string, tip: Pick<HelpTip, 'helpTipName'>) => `${tourName}.${tip.helpTipName}`;
export const helpTipKey = (id: string) => `${helpTipStoragePrefix}tip.${id}`;

/** Problems with a tour's data (empty when it is sound): what a page's tests check its tour with. */
export function tourProblems(tour: HelpTour): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const orders = new Set<number>();
  if (!tour.tourName || tour.tourName.includes('.')) problems.push(`tour name '${tour.tourName}' must be non-empty, without dots`);
  if (tour.tips.length === 0) problems.push(`tour '${tour.tourName}' has no tips`);
  for (const tip of tour.tips) {
    if (names.has(tip.helpTipName)) problems.push(`tip name '${tip.helpTipName}' is used twice`);
    if (orders.has(tip.order)) problems.push(`order ${tip.order} is used twice`);
    names.add(tip.helpTipName);
    orders.add(tip.order);
    if (!helpTipSides.includes(tip.side)) problems.push(`tip '${tip.helpTipName}' has an unknown side '${tip.side}'`);
    if (tip.side !== 'middle' && !tip.targetId) problems.push(`tip '${tip.helpTipName}': ${missingTargetMessage}`);
  }
  return problems;
}
