import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import type { RuntimeConfig } from '../../contract/config/entities';
import type { Territory } from '../../contract/shared/territory';
import type { bureauFileMachine } from '../../machines/bureauFile';
import { groupSelectionMachine } from '../../machines/groupSelection';
import { modalLevels, modalMachine } from '../../machines/modal';
import { isSettled, isSignedIn, reauthDelayFrom, sessionMachine } from '../../machines/session';
import { isStaff } from '../../contract/shared/roles';
import { createApiClient, type ApiClient } from '../api/client';
import type { GroupsApi } from '../api/groups';
import { lazyApi } from '../api/lazy';
import { usersApi, type UsersApi } from '../api/users';
import type { SecurityApi } from '../api/security';
import { portalTerritory } from './config';
import { clearSessionStorage, loadSavedSelection, loadSavedUser, saveSelection, saveUser } from './storage';
import { createWorkflows, type Workflows } from './workflows';

/** The long-lived actors and services of the app, created once outside React (STYLE.md). */
export type Portal = {
  config: RuntimeConfig;
  territory: Territory;
  session: ActorRefFrom<typeof sessionMachine>;
  groups: ActorRefFrom<typeof groupSelectionMachine>;
  modal: ActorRefFrom<typeof modalMachine>;
  api: ApiClient;
  users: UsersApi;
  groupsApi: GroupsApi;
  /** Account security: the second step of sign-in, passkeys, second factors, sessions (loads on first use). */
  security: SecurityApi;
  /** Where the session, selection and baskets are kept between visits (localStorage in the browser). */
  storage: Storage;
  /** The bureau file workflow of each account (machines/bureauFile.ts), kept across the wizard's pages. */
  bureauFiles: Workflows<ActorRefFrom<typeof bureauFileMachine>>;
  /** The inspector the portal's actors report to; a page's own actors report to it too (src/app/usePageActor.ts). */
  inspect?: PortalOptions['inspect'];
};

export type PortalOptions = {
  storage?: Storage;
  /** Receives every actor's events and snapshots (the Stately inspector, the offline visualiser). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** The network boundary; view tests answer here. */
  fetch?: typeof fetch;
};

let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('beforeunload', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

export function createPortal(config: RuntimeConfig, { storage = localStorage, inspect, fetch }: PortalOptions = {}): Portal {
  const modal = createActor(modalMachine, { inspect }).start();
  // The client needs the session's token and the session needs the client: the token is read
  // lazily through this reference.
  const sessionRef: { current?: ActorRefFrom<typeof sessionMachine> } = {};
  const api = createApiClient({
    config,
    fetch,
    getToken: () => sessionRef.current?.getSnapshot().context.user.jwt ?? '',
    onUnauthorized: () => sessionRef.current?.send({ type: 'session.unauthorized' }),
    showModal: (title, text, top) =>
      modal.send({ type: 'modal.show', title, text, level: top ? modalLevels.top : modalLevels.normal }),
  });
  const users = usersApi(api, () => config.sessionRecycleSeconds);
  // Account security (the second step, passkeys, sessions) loads with its first call.
  const security = lazyApi<SecurityApi>(() => import('../api/security').then((m) => m.securityApi(api, () => config.sessionRecycleSeconds)));
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }) => ('passkey' in input ? security.passkeyLogin(input.passkey) : users.login(input))),
        verifySecondFactor: fromPromise(({ input }) => security.finishSecondStep(input, (title, text) => modal.send({ type: 'modal.show', title, text }))),
        reauthenticate: fromPromise(async ({ input }) => {
          try {
            return await users.reauthenticate(input.accountId);
          } catch (error) {
            // Leaving the page aborts the request: that is not a failed renewal, and must not clear
            // the saved session the next page resumes from.
            if (leaving) await new Promise(() => {});
            throw error;
          }
        }),
      },
      actions: {
        saveUser: (_, { user }) => saveUser(user, storage),
        clearAll: () => {
          clearSessionStorage(storage);
          api.clearCache();
        },
      },
      delays: { reauthDelay: reauthDelayFrom(Date.now) },
    }),
    { input: { savedUser: loadSavedUser(storage) }, inspect },
  );
  sessionRef.current = session;

  // The group calls are needed only once someone is signed in: their code loads with the first one.
  const groupCalls = lazyApi<GroupsApi>(() => import('../api/groups').then((m) => m.groupsApi(api)));
  const groups = createActor(
    groupSelectionMachine.provide({
      actors: {
        loadGroups: fromPromise(() => groupCalls.myGroups()),
        loadGroup: fromPromise(({ input }) => groupCalls.group(input.id)),
      },
      actions: {
        saveSelection: (_, { saved }) => saveSelection(saved, storage),
        // Re-authenticate only when the account to attach differs from the token's.
        selected: (_, { accountId }) => {
          const current = session.getSnapshot();
          if (isSignedIn(current) && current.context.user.accountId !== accountId) {
            session.send({ type: 'account.selected', accountId });
          }
        },
      },
    }),
    { inspect },
  ).start();

  const bureauFiles = createWorkflows<ActorRefFrom<typeof bureauFileMachine>>();

  // A validated user's groups load once per sign-in; signing out forgets them.
  let signedInAs = 0;
  session.subscribe((snapshot) => {
    if (!isSettled(snapshot)) return;
    const { user } = snapshot.context;
    const ready = isSignedIn(snapshot) && user.validated;
    if (ready && signedInAs !== user.id) {
      signedInAs = user.id;
      groups.send({ type: 'session.signedIn', staff: isStaff(user.roles), saved: loadSavedSelection(storage), territory: portalTerritory(config) });
    } else if (!isSignedIn(snapshot) && signedInAs !== 0) {
      signedInAs = 0;
      groups.send({ type: 'session.signedOut' });
      bureauFiles.forget();
    }
  });
  session.start();
  return { config, territory: portalTerritory(config), session, groups, modal, api, users, groupsApi: groupCalls, security, storage, bureauFiles, inspect };
}
