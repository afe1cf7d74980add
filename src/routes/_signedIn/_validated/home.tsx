import { createFileRoute } from '@tanstack/react-router';
import Home from '../../../areas/home/Home';

export const Route = createFileRoute('/_signedIn/_validated/home')({ staticData: { crumb: 'Home' }, component: Home });
