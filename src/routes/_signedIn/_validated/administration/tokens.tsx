import { createFileRoute } from '@tanstack/react-router';
import TokensPage from '../../../../areas/administration/tokens/TokensPage';
import { tokensSearch } from '../../../../routing/params';

// The account's API tokens (spec section 2, /administration/tokens, owner): the administration
// layout's guard applies. ?export=token and ?export=settings open the ellipsis menu's dialogs.
export const Route = createFileRoute('/_signedIn/_validated/administration/tokens')({
  staticData: { crumb: 'Tokens' },
  validateSearch: tokensSearch,
  loader: async ({ context }) => (await import('../../../../areas/administration/tokens/load')).loadTokens(context.portal),
  component: TokensPage,
});
