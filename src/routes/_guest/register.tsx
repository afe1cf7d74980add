import { createFileRoute } from '@tanstack/react-router';
import LoginRegister from '../../areas/auth/LoginRegister';

export const Route = createFileRoute('/_guest/register')({
  staticData: { crumb: 'Register' },
  component: LoginRegister,
});
