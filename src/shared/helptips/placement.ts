import type { HelpTipSide } from '../../../contract/shared/helpTips';

export type Box = { top: number; left: number; width: number; height: number };
export type Size = { width: number; height: number };
/** Where the tip goes (viewport pixels), and how far along its edge the arrow points at the target. */
export type Placement = { top: number; left: number; arrow: number };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Puts a tip of `tip` size on `side` of `target` (both in viewport pixels), `gap` away, kept `margin`
 * inside the viewport. When the viewport pushes the tip along, the arrow still points at the
 * target's centre.
 */
export function placeTip(
  side: Exclude<HelpTipSide, 'middle'>,
  target: Box,
  tip: Size,
  viewport: Size,
  gap = 14,
  margin = 8,
): Placement {
  const centreX = target.left + target.width / 2;
  const centreY = target.top + target.height / 2;
  let top: number;
  let left: number;
  if (side === 'top' || side === 'bottom') {
    top = side === 'top' ? target.top - gap - tip.height : target.top + target.height + gap;
    left = centreX - tip.width / 2;
  } else {
    left = side === 'left' ? target.left - gap - tip.width : target.left + target.width + gap;
    top = centreY - tip.height / 2;
  }
  top = clamp(top, margin, viewport.height - tip.height - margin);
  left = clamp(left, margin, viewport.width - tip.width - margin);
  const arrow =
    side === 'top' || side === 'bottom'
      ? clamp(centreX - left, 18, tip.width - 18)
      : clamp(centreY - top, 18, tip.height - 18);
  return { top: Math.round(top), left: Math.round(left), arrow: Math.round(arrow) };
}
