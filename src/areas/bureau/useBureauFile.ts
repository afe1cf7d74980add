import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import type { Territory } from '../../../contract/shared/territory';
import type { BureauFileInput, BureauFileSnapshot, bureauFileMachine } from '../../../machines/bureauFile';
import type { Portal } from '../../app/portal';
import { fileWithEffects } from './fileEffects';
import { createHasher } from './hasher';
import { loadSavedUpload } from './uploadEffects';

// One bureau file workflow (machines/bureauFile.ts) per account, kept by the portal while the user
// moves through the wizard's pages, so the upload page hands its file to the mapping page and so on.
// A page whose file or stage the kept one is not at starts a new one where it stands (a reload, a link).

export type BureauFileActor = ActorRefFrom<typeof bureauFileMachine>;
export type WizardPage = 'upload' | 'updatefields' | 'properties' | 'file';

/** The page that shows a state of the workflow. */
export function pageOf(s: BureauFileSnapshot): WizardPage {
  if (s.matches('starting') || s.matches('upload')) return 'upload';
  if (s.matches('mapping')) return 'updatefields';
  if (s.matches('settings')) return 'properties';
  return 'file';
}

const startOf: Record<WizardPage, BureauFileInput['start']> = { upload: 'upload', updatefields: 'mapping', properties: 'settings', file: 'file' };
type Where = { portal: Portal; accountId: number; territory: Territory; page: WizardPage; fileId: number | null; paid?: boolean };

function workflowFor({ portal, accountId, territory, page, fileId, paid = false }: Where): BureauFileActor {
  const serves = (actor: BureauFileActor) => {
    const s = actor.getSnapshot();
    return s.status === 'active' && pageOf(s) === page && s.context.fileId === fileId && !paid;
  };
  return portal.bureauFiles.of(accountId, serves, () => {
    const hasher = createHasher();
    const machine = fileWithEffects({
      api: portal.api, territory, accountId, storage: localStorage, hasher,
      origin: () => window.location.origin,
      redirect: (url) => window.location.assign(url),
    });
    const input = { start: startOf[page], fileId, saved: page === 'upload' ? loadSavedUpload(accountId, localStorage) : null, paid };
    const actor = createActor(machine, { inspect: portal.inspect, input }).start();
    return { actor, stop: () => (actor.stop(), hasher.stop()) };
  });
}

const paths: Record<WizardPage, string> = {
  upload: '/applications/addresscleanse/upload',
  updatefields: '/applications/addresscleanse/file/$fileId/updatefields',
  properties: '/applications/addresscleanse/file/$fileId/properties',
  file: '/applications/addresscleanse/file/$fileId',
};

/** The account's workflow for this page; when it moves on to another page, the browser follows. */
export function useBureauFile(where: Where): BureauFileActor {
  const [actor] = useState(() => workflowFor(where));
  const navigate = useNavigate();
  const at = useSelector(actor, pageOf);
  const fileId = useSelector(actor, (s) => s.context.fileId);
  useEffect(() => {
    if (at !== where.page && fileId !== null) void navigate({ to: paths[at], params: { fileId } });
  }, [at, fileId, navigate, where.page]);
  return actor;
}
