import { createFileRoute } from '@tanstack/react-router';
import LoginRegister from '../../areas/auth/LoginRegister';

export const Route = createFileRoute('/_guest/login')({
  staticData: { crumb: 'Log in' },
  component: LoginRegister,
});
