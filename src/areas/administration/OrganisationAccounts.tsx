import { useSelector } from '@xstate/react';
import { territoryLabels } from '../../../contract/shared/territory';
import type { GroupDetails } from '../../api/groups';
import { usePortal } from '../../app/PortalContext';
import { ResultSection } from '../../shared/ResultTable';
import { useOpenGroup } from '../../shared/useOpenGroup';

/**
 * The accounts of an organisation. Opening one selects it (through group selection, as Change
 * Account does) and goes to its administration page.
 */
export function OrganisationAccounts({ group }: { group: GroupDetails }) {
  const { groups } = usePortal();
  const currentId = useSelector(groups, (s) => s.context.selection.account?.id);
  const { open, opening } = useOpenGroup();
  const accounts = (group.children ?? []).filter((c) => c.type === 'account');
  return (
    <ResultSection
      id="accounts"
      title="Accounts"
      stack
      rows={accounts}
      empty={`${group.name} has no accounts yet.`}
      columns={[
        {
          header: 'Name',
          cell: (a) => (
            <>
              <button type="button" className="link-button" onClick={() => open(a.id)} disabled={opening !== null} title={`Administer ${a.name}`}>
                {a.name}
              </button>
              {opening === a.id && <span className="muted"> Opening…</span>}
            </>
          ),
        },
        { header: 'Territory', cell: (a) => territoryLabels[a.territory] },
        {
          header: 'Status',
          cell: (a) => (
            <span className="badges badges--inline">
              {a.id === currentId && <span className="badge badge--muted">Current</span>}
              {a.pendingOwnership && <span className="badge badge--warning">Pending Ownership</span>}
            </span>
          ),
        },
        { header: 'Id', cell: (a) => a.id },
      ]}
    />
  );
}
