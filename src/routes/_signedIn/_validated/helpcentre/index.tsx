import { createFileRoute } from '@tanstack/react-router';
import HelpCentre from '../../../../areas/helpcentre/HelpCentre';
import { textSearch } from '../../../../routing/params';

export const Route = createFileRoute('/_signedIn/_validated/helpcentre/')({
  validateSearch: textSearch('q'),
  component: HelpCentre,
});
