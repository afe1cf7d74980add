import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { HelpTip } from '../../../contract/shared/helpTips';
import { placeTip, type Box, type Placement } from './placement';
import { sanitizeHelpText } from './sanitize';
import { targetOf } from './target';

export type HelpTipDialogProps = {
  tip: HelpTip;
  /** Place of the tip in the tour (0-based) and the number of tips shown this time. */
  index: number;
  count: number;
  onBack(): void;
  onNext(): void;
  onGotIt(): void;
  onHide(): void;
  /** A click outside the tip, or Escape. */
  onOutside(): void;
};

/** Sanitised help text (spec section 9: b, a, br and p only). */
function HelpHtml({ html, as: Tag = 'div' }: { html: string; as?: 'div' | 'td' }) {
  return <Tag dangerouslySetInnerHTML={{ __html: sanitizeHelpText(html) }} />;
}

const spotlightPadding = 6;
const gap = 14;
const margin = 8;

/**
 * Scrolls the page, if need be, so that the target is on screen with room for the tip on its side
 * (a tip above a target needs the space above it, one below the space below).
 */
function scrollToFit(side: Exclude<HelpTip['side'], 'middle'>, target: Element, tipHeight: number) {
  const r = target.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return; // not laid out (or no layout at all): nothing to align
  const vh = window.innerHeight;
  let delta = 0;
  if (side === 'top') {
    const fits = r.top >= tipHeight + gap + margin && r.bottom <= vh;
    if (!fits) delta = r.top - Math.min(vh - r.height - margin, tipHeight + gap + margin);
  } else if (side === 'bottom') {
    const fits = r.top >= 0 && r.bottom + gap + tipHeight + margin <= vh;
    if (!fits) delta = r.bottom - Math.max(r.height + margin, vh - tipHeight - gap - margin);
  } else if (r.top < 0 || r.bottom > vh) {
    delta = r.top + r.height / 2 - vh / 2;
  }
  if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: 'instant' });
}
const focusable = 'button:not([disabled]), a[href]';

type Layout = { placement: Placement | null; spot: Box | null };

/**
 * One help tip: a dialog labelled by its title, next to its target on the side it names (or in the
 * middle), over a dimmed page with the target lit unless hideDarkBG. Focus moves into it and stays
 * there; Escape or a click anywhere outside it counts as a click outside.
 */
export function HelpTipDialog({ tip, index, count, onBack, onNext, onGotIt, onHide, onOutside }: HelpTipDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [layout, setLayout] = useState<Layout>({ placement: null, spot: null });
  const middle = tip.side === 'middle';
  const dark = !tip.hideDarkBG;
  const last = index === count - 1;

  // Follow the target: on scroll and window resize, and as the target itself resizes unless skipResizeObserver.
  useLayoutEffect(() => {
    if (tip.side === 'middle') return;
    const side = tip.side;
    const target = targetOf(tip);
    if (!target) return;
    target.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    if (dialog.current) scrollToFit(side, target, dialog.current.offsetHeight);
    const measure = () => {
      const r = target.getBoundingClientRect();
      const box = { top: r.top, left: r.left, width: r.width, height: r.height };
      const el = dialog.current;
      const size = { width: el?.offsetWidth ?? 0, height: el?.offsetHeight ?? 0 };
      const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
      setLayout({
        placement: placeTip(side, box, size, viewport, gap, margin),
        spot: {
          top: box.top - spotlightPadding,
          left: box.left - spotlightPadding,
          width: box.width + 2 * spotlightPadding,
          height: box.height + 2 * spotlightPadding,
        },
      });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    const resize = !tip.skipResizeObserver && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : undefined;
    resize?.observe(target);
    if (dialog.current) resize?.observe(dialog.current);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
      resize?.disconnect();
    };
  }, [tip]);


  // A press anywhere outside the tip (the dimmed page, or the page itself when not dimmed).
  useEffect(() => {
    const outside = (e: PointerEvent) => {
      if (dialog.current && !dialog.current.contains(e.target as Node)) onOutside();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [onOutside]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onOutside();
      return;
    }
    if (e.key !== 'Tab' || !dialog.current) return;
    // Keep focus inside the tip.
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)];
    if (items.length === 0) return;
    const first = items[0];
    const lastItem = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialog.current)) {
      e.preventDefault();
      lastItem.focus();
    } else if (!e.shiftKey && active === lastItem) {
      e.preventDefault();
      first.focus();
    }
  };

  const { placement, spot } = layout;
  const positioned = middle || placement !== null;

  // Focus moves to the tip once it is in place (a hidden element cannot take the focus).
  useEffect(() => {
    if (positioned) dialog.current?.focus({ preventScroll: true });
  }, [positioned]);
  const arrowStyle =
    placement && (tip.side === 'top' || tip.side === 'bottom') ? { left: placement.arrow } : placement ? { top: placement.arrow } : undefined;

  return (
    <div className="helptip-layer" data-side={tip.side}>
      {dark && (middle || !spot) && <div className="helptip-dim" aria-hidden="true" />}
      {spot && (
        <div
          className={`helptip-spot${dark ? ' helptip-spot--dark' : ''}`}
          style={{ top: spot.top, left: spot.left, width: spot.width, height: spot.height }}
          aria-hidden="true"
        />
      )}
      {dark && <div className="helptip-catcher" aria-hidden="true" />}
      <div
        ref={dialog}
        role="dialog"
        aria-modal={dark ? 'true' : undefined}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className={`helptip helptip--${tip.side}${tip.helpTable?.length ? ' helptip--wide' : ''}`}
        style={placement ? { top: placement.top, left: placement.left } : undefined}
        data-positioned={positioned ? 'true' : 'false'}
        onKeyDown={onKeyDown}
      >
        {!middle && <span className="helptip__arrow" style={arrowStyle} aria-hidden="true" />}
        <p className="helptip__step">
          Tip {index + 1} of {count}
        </p>
        <h2 id={titleId} className="helptip__title">
          {tip.title}
        </h2>
        <div id={bodyId} className="helptip__body">
          <HelpHtml html={tip.helpText} />
          {tip.helpTable && tip.helpTable.length > 0 && (
            <table className="helptip__table">
              <tbody>
                {tip.helpTable.map((row, i) => (
                  <tr key={i}>
                    <th scope="row" dangerouslySetInnerHTML={{ __html: sanitizeHelpText(row.key) }} />
                    <HelpHtml as="td" html={row.text} />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {tip.helpTextAfterTable && <HelpHtml html={tip.helpTextAfterTable} />}
        </div>
        <div className="helptip__actions">
          <button type="button" className="link-button helptip__hide" onClick={onHide}>
            Hide Tips
          </button>
          <span className="helptip__nav">
            {index > 0 && (
              <button type="button" className="button" onClick={onBack}>
                Back
              </button>
            )}
            {last ? (
              <button type="button" className="button button--primary" onClick={onGotIt}>
                Got it
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={onNext}>
                Next
              </button>
            )}
          </span>
        </div>
      </div>
    </div>
  );
}
