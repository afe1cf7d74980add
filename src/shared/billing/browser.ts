// Leaving the portal for the gateway's page, and opening an invoice in a new tab: the browser's own
// navigation, kept in one object so the view tests can watch it (jsdom cannot navigate).

export const browser = {
  /** Replaces the portal with `url` (the gateway's hosted card page). */
  assign: (url: string) => window.location.assign(url),
  /** Opens `url` in a new tab with no handle back to the portal. */
  open: (url: string) => {
    window.open(url, '_blank', 'noopener');
  },
  /** The portal's own address of a path under /portal (the gateway's and the invoice's way back). */
  portalUrl: (path: string) => `${window.location.origin}/portal${path}`,
};
