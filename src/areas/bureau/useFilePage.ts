import { useParams, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { usePortal } from '../../app/PortalContext';
import { useBureauFile, type WizardPage } from './useBureauFile';

/** The workflow of the file in the address, for one of its pages. */
export function useFilePage(page: Exclude<WizardPage, 'upload'>) {
  const portal = usePortal();
  const account = useSelector(portal.groups, (g) => g.context.selection.account);
  const { fileId } = useParams({ strict: false });
  const search: Record<string, unknown> = useSearch({ strict: false });
  const id = Number(fileId);
  return useBureauFile({ portal, accountId: account?.id ?? 0, territory: account?.territory ?? 'uk', page, fileId: id, paid: page === 'file' && search.payment === 'paid' });
}
