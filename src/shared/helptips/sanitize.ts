import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** Spec section 9: sanitised help text allows only these tags; of attributes only href (on a) is kept. */
export const helpTextTags = ['b', 'a', 'br', 'p'] as const;

let purifier: Purifier | undefined;

const isExternal = (href: string, base: string) => {
  try {
    const url = new URL(href, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== new URL(base).origin;
  } catch {
    return false;
  }
};

/** A purifier of its own, so the link hook never touches another user of DOMPurify. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = (node as Element).getAttribute('href');
    // Links out of the portal open in a new tab that cannot reach back to this page.
    if (href && isExternal(href, window.location.href)) {
      (node as Element).setAttribute('target', '_blank');
      (node as Element).setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Help text as safe HTML: b, a (href only; external links get target="_blank" and
 * rel="noopener noreferrer"), br and p. Everything else goes: script, style, iframe and the like with
 * their content, other tags keep their text, event handlers and javascript: URLs are dropped.
 */
export function sanitizeHelpText(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...helpTextTags],
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
