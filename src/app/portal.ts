import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import type { RuntimeConfig } from '../../contract/config';
import type { Territory } from '../../contract/territory';
import { modalLevels, modalMachine } from '../../machines/modal';
import { sessionMachine } from '../../machines/session';
import { createApiClient, type ApiClient } from '../api/client';
import { usersApi, type UsersApi } from '../api/users';
import { portalTerritory } from '../config';
import { clearSessionStorage, loadSavedUser, saveUser } from './storage';

/** The long-lived actors and services of the app, created once outside React (STYLE.md). */
export type Portal = {
  config: RuntimeConfig;
  territory: Territory;
  session: ActorRefFrom<typeof sessionMachine>;
  modal: ActorRefFrom<typeof modalMachine>;
  api: ApiClient;
  users: UsersApi;
};

export type PortalOptions = {
  storage?: Storage;
  /** Receives every actor's events and snapshots (the Stately inspector, the offline visualiser). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** The network boundary; view tests answer here. */
  fetch?: typeof fetch;
};

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
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }) => users.login(input)),
        reauthenticate: fromPromise(({ input }) => users.reauthenticate(input.accountId)),
      },
      actions: {
        saveUser: (_, { user }) => saveUser(user, storage),
        clearAll: () => {
          clearSessionStorage(storage);
          api.clearCache();
        },
      },
    }),
    { input: { savedUser: loadSavedUser(storage) }, inspect },
  );
  sessionRef.current = session;
  session.start();
  return { config, territory: portalTerritory(config), session, modal, api, users };
}
