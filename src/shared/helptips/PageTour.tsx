import { lazy, Suspense } from 'react';
import type { HelpTour } from '../../../contract/shared/helpTips';

// The tour's machine, dialog and sanitiser load after the page has rendered, and only on pages with a tour.
const HelpTourView = lazy(() => import('./HelpTour'));

/**
 * A page's help-tip tour. To give a page a tour: write its data as a `HelpTour` in
 * src/helptips/tours/<page>.ts (tourName, and tips with side, order, title, helpText, and the id of
 * the element each points at), put those ids on the page's elements, and render
 * `<PageTour tour={thatTour} />` in the page. The machine and the storage stay as they are.
 */
export function PageTour({ tour }: { tour: HelpTour }) {
  return (
    <Suspense fallback={null}>
      <HelpTourView tour={tour} />
    </Suspense>
  );
}
