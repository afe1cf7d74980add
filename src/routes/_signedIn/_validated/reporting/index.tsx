import { createFileRoute } from '@tanstack/react-router';
import { redirectKeepingSearch } from '../../../../routing/beforeLoad';

export const Route = createFileRoute('/_signedIn/_validated/reporting/')({
  beforeLoad: ({ location }) => redirectKeepingSearch(location, '/reporting/summary'),
});
