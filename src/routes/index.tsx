import { createFileRoute } from '@tanstack/react-router';
import { redirectKeepingSearch } from '../routing/beforeLoad';

export const Route = createFileRoute('/')({
  beforeLoad: ({ location }) => redirectKeepingSearch(location, '/home'),
});
