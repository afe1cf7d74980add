import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { notFoundMessage } from '../../contract/shared/messages';
import { isSignedIn } from '../../machines/session';
import { usePortal } from '../app/PortalContext';
import { useInShell } from './shellContext';

// The signed-in shell loads with the first signed-in page; the public pages never need it.
const AppLayout = lazy(() => import('./AppLayout'));

function Oops() {
  return (
    <section className="oops" aria-labelledby="oops-title">
      <h1 id="oops-title">{notFoundMessage}</h1>
      <Link to="/home" className="button button--primary">
        Back to Home
      </Link>
    </section>
  );
}

/**
 * The unknown page (spec section 2). A signed-in, validated user sees it inside the portal's shell
 * (banner, account bar, main landmark), like any page; a visitor sees it on its own, in a main landmark.
 */
export function NotFound() {
  const inShell = useInShell();
  const { session } = usePortal();
  const member = useSelector(session, (s) => isSignedIn(s) && s.context.user.validated);
  if (inShell) return <Oops />;
  const alone = (
    <main id="main" className="public">
      <Oops />
    </main>
  );
  if (!member) return alone;
  return (
    <Suspense fallback={alone}>
      <AppLayout>
        <Oops />
      </AppLayout>
    </Suspense>
  );
}
