// The bare framework floor: the same libraries the portal is built on (React, TanStack Router with a
// lazy route, XState with @xstate/react), doing as little as a login page can. `npm run bench`
// builds it exactly as the portal is built and compares their first-page JavaScript.
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, RouterProvider } from '@tanstack/react-router';
import { createActor, setup } from 'xstate';

const machine = setup({}).createMachine({ initial: 'idle', states: { idle: { on: { go: 'busy' } }, busy: {} } });
export const actor = createActor(machine).start();

const root = createRootRoute({ component: Outlet });
const login = createRoute({ getParentRoute: () => root, path: 'login', component: lazyRouteComponent(() => import('./Login')) });
const router = createRouter({ routeTree: root.addChildren([login]), basepath: '/portal' });

createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
