import { missingTargetMessage, type HelpTip } from '../../../contract/shared/helpTips';
import type { FindTargetInput } from '../../../machines/helpTips';

/** Has the element a box on screen? Without ResizeObserver (jsdom) there is no layout to wait for. */
const laidOut = (el: Element) => typeof ResizeObserver === 'undefined' || el.getClientRects().length > 0;

/**
 * The help-tips machine's `findTarget`: resolves once an element with the id is on the page and laid
 * out. A target that renders late (loader data, a lazy part) is waited for with a MutationObserver,
 * and one present but not yet laid out with a ResizeObserver, until `signal` aborts (the machine gave
 * up or left the tip). With skipResizeObserver the page is looked at once: no element, no tip.
 */
export function waitForTarget({ targetId, skipResizeObserver }: FindTargetInput, signal: AbortSignal, doc: Document = document): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const present = doc.getElementById(targetId);
    if (present && (skipResizeObserver || laidOut(present))) return resolve();
    if (skipResizeObserver) return reject(new Error(`${missingTargetMessage}: no element with id '${targetId}'`));

    let resize: ResizeObserver | undefined;
    let watched: Element | null = null;
    const finish = (settle: () => void) => {
      mutations.disconnect();
      resize?.disconnect();
      signal.removeEventListener('abort', abort);
      settle();
    };
    const abort = () => finish(() => reject(signal.reason));
    const check = () => {
      const el = doc.getElementById(targetId);
      if (!el) return;
      if (laidOut(el)) return finish(resolve);
      if (el !== watched) {
        resize?.disconnect();
        watched = el;
        resize = new ResizeObserver(() => laidOut(el) && finish(resolve));
        resize.observe(el);
      }
    };
    const mutations = new MutationObserver(check);
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', abort);
    mutations.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['id', 'class', 'style', 'hidden'] });
    check();
  });
}

/** The target element of a tip on screen, if it has one. */
export const targetOf = (tip: HelpTip, doc: Document = document) => (tip.targetId ? doc.getElementById(tip.targetId) : null);
