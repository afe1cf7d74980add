import { createFileRoute } from '@tanstack/react-router';
import ShopHome from '../../../../areas/shop/ShopHome';

export const Route = createFileRoute('/_signedIn/_validated/shop/')({
  loader: async ({ context }) => (await import('../../../../areas/shop/load')).loadShop(context.portal),
  component: ShopHome,
});
