import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createPortal } from './app/portal';
import { PortalContext } from './app/PortalContext';
import { loadConfig } from './app/config';
import { createPortalRouter } from './app/router';
import { BlockedError } from './routing/blocked';
import './styles.css';

// No top-level await: with it the bundler gives up merging shared chunks, and every module a lazy page
// shares with the first page (the machines the visualiser draws, say) becomes one more request.
async function start() {
  const config = await loadConfig();
  // ?inspect connects the running actors to the Stately inspector (needs network access to stately.ai);
  // its code loads only then.
  const inspector = new URLSearchParams(window.location.search).has('inspect')
    ? (await import('@statelyai/inspect')).createBrowserInspector()
    : undefined;
  // The offline visualiser's live view (/visualiser) where it may be opened; its code loads only then.
  const inspection = config.visualiser === 'off' ? undefined : await import('./app/inspection');
  const inspect = inspection
    ? inspection.composeInspectors(inspection.createInspectionHub().inspect, inspector?.inspect)
    : inspector?.inspect;
  const portal = createPortal(config, { inspect });
  const router = createPortalRouter(portal);
  // A saved session is renewed before any page may show (the guards wait for it, then for the
  // groups): the page's own code, and the group calls that follow the renewal, load meanwhile.
  if (portal.session.getSnapshot().matches('resuming')) {
    for (const route of router.getMatchedRoutes(router.state.location.pathname)[0]) void router.loadRouteChunk(route);
    void import('./api/groups');
  }

  const root = createRoot(document.getElementById('root')!, {
    // A guard's refusal is the spec's "Oops!" screen, not an error: nothing to log. Anything else is.
    onCaughtError: (error, info) => {
      if (!(error instanceof BlockedError)) console.error(error, info.componentStack);
    },
  });
  // The first render as a transition: React renders it in slices and yields to the browser between
  // them, so no long task blocks input while the first page builds (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <PortalContext.Provider value={portal}>
          <RouterProvider router={router} />
        </PortalContext.Provider>
      </StrictMode>,
    );
  });
}

void start();
