// A server process with the test-only metered route (meterTestRoute.ts): server/main.ts's server,
// started the same way and printing the same banner, for the tests and the bench that need real
// processes (node --import tsx tests/server/support/meterTestServer.ts).
import { invokedDirectly, startServer } from '../../../server/main';
import { meterTestPlugin } from './meterTestRoute';

/** This script's path from the repository's root, for startServerProcess and the bench. */
export const meterTestServer = 'tests/server/support/meterTestServer.ts';

if (invokedDirectly(import.meta.url)) {
  const stopped = (server: Awaited<ReturnType<typeof startServer>>) => async () => {
    await server.close();
    process.exit(0);
  };
  startServer({ env: process.env, routes: meterTestPlugin }).then(
    (server) => {
      process.once('SIGINT', () => void stopped(server)());
      process.once('SIGTERM', () => void stopped(server)());
    },
    (error: unknown) => {
      console.error('The server could not start:', error);
      process.exit(1);
    },
  );
}
