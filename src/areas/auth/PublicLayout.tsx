import { Outlet } from '@tanstack/react-router';
import { territoryLabels } from '../../../contract/shared/territory';
import { usePortal } from '../../app/PortalContext';

/** The card public pages sit in: login, register, reset password. */
export default function PublicLayout() {
  const { territory } = usePortal();
  return (
    <main className="public" id="main">
      <div className="public__card">
        <div className="brand brand--large">
          <span className="brand__mark" aria-hidden="true">
            DQ
          </span>
          <span className="brand__name">Data Quality Portal</span>
        </div>
        <p className="muted public__territory">{territoryLabels[territory]}</p>
        <Outlet />
      </div>
      <p className="public__footer muted">Address, email, bank and name validation, and address cleanse.</p>
    </main>
  );
}
