import type { Portal } from '../../../app/portal';
import { loadServicePage } from '../clicks';

/** /applications/namevalidation: the selected account and, where the user may read them, its clicks left on name validation. */
export const loadNameValidation = (portal: Portal) => loadServicePage(portal, 'name');
