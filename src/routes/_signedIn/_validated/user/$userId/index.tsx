import { createFileRoute } from '@tanstack/react-router';
import UserView from '../../../../../areas/user/UserView';

export const Route = createFileRoute('/_signedIn/_validated/user/$userId/')({
  component: UserView,
});
