import { createFileRoute } from '@tanstack/react-router';
import Search from '../../../../areas/search/Search';

export const Route = createFileRoute('/_signedIn/_validated/search/')({
  component: Search,
});
