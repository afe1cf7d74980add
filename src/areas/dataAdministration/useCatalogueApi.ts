import { useMemo } from 'react';
import { catalogueApi } from '../../api/plans';
import { usePortal } from '../../app/PortalContext';

/** The catalogue calls, for the views' machines to provide as their actors. */
export function useCatalogueApi() {
  const { api } = usePortal();
  return useMemo(() => catalogueApi(api), [api]);
}
