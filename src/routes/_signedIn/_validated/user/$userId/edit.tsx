import { createFileRoute } from '@tanstack/react-router';
import UserEdit from '../../../../../areas/user/UserEdit';

export const Route = createFileRoute('/_signedIn/_validated/user/$userId/edit')({ staticData: { crumb: 'Edit' }, component: UserEdit });
