import { createFileRoute } from '@tanstack/react-router';
import Wizard from '../../../areas/administration/Wizard';

export const Route = createFileRoute('/_signedIn/_validated/welcomewizard')({ staticData: { crumb: 'Welcome' }, component: Wizard });
