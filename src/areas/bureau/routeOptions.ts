import { lazyRouteComponent } from '@tanstack/react-router';
import { bureauApi } from '../../api/bureau';
import type { RouterContext } from '../../app/router';
import { groupGuard } from '../../routing/beforeLoad';
import { fileSearch, parseIdParam } from '../../routing/params';
import { bureauFileRules } from './rules';

// The options of the bureau wizard's file routes (src/routes/.../applications/addresscleanse/upload
// and file/$fileId/*): each route file is one line over these. The pages load on demand.

const guard = ({ context, preload }: { context: RouterContext; preload: boolean }) => groupGuard(bureauFileRules, { portal: context.portal, preload });

export const fileIdParam = {
  parse: ({ fileId }: { fileId: string }) => ({ fileId: parseIdParam(fileId) }),
  stringify: ({ fileId }: { fileId: number }) => ({ fileId: String(fileId) }),
};

/** The file breadcrumb (spec section 2): the file's name, or "Unknown File". */
export const unknownFile = 'Unknown File';
export const fileCrumb = (data: unknown) => (typeof data === 'object' && data !== null && 'name' in data && typeof data.name === 'string' ? data.name : unknownFile);

async function fileName({ context, params }: { context: RouterContext; params: { fileId: number } }) {
  try {
    const file = await bureauApi(context.portal.api).fileQuietly(params.fileId);
    return { name: file.name };
  } catch {
    // The page itself says why (its machine shows the failure); the breadcrumb says "Unknown File".
    return { name: null };
  }
}

export const uploadRoute = () => ({ staticData: { crumb: 'Upload' }, beforeLoad: guard, component: lazyRouteComponent(() => import('./UploadPage')) });
/** /file/{fileId}: its pages share the guard and the file's name in the breadcrumb. */
export const fileRoute = () => ({ params: fileIdParam, beforeLoad: guard, loader: fileName, staticData: { crumb: fileCrumb } });
/**
 * The file page's billing form starts from the user's details and the account's address (loaded with
 * the page's chunk); back from a declined or cancelled payment (?orderId), from what that payment was given.
 */
export const filePageRoute = () => ({
  validateSearch: fileSearch,
  loaderDeps: ({ search }: { search: ReturnType<typeof fileSearch> }) => ({ orderId: search.payment === 'paid' ? undefined : search.orderId }),
  loader: async ({ context, deps }: { context: RouterContext; deps: { orderId?: number } }) => ({
    prefill: await (await import('../shop/load')).billingPrefillAfter(context.portal, deps.orderId),
  }),
  component: lazyRouteComponent(() => import('./FilePage')),
});
export const updateFieldsRoute = () => ({ staticData: { crumb: 'Update fields' }, component: lazyRouteComponent(() => import('./MappingPage')) });
export const propertiesRoute = () => ({ staticData: { crumb: 'Properties' }, component: lazyRouteComponent(() => import('./PropertiesPage')) });
