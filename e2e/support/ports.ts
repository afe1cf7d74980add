/** The port the e2e portal listens on; both territories reach it by host name. */
export const e2ePort = Number(process.env.E2E_PORT ?? 8391);
export const territoryHosts = {
  uk: `http://uk-portal.localhost:${e2ePort}`,
  australia: `http://aus-portal.localhost:${e2ePort}`,
} as const;
