import type { Endpoint, ResponseOf } from '../../contract/endpoint';
import { serviceJwt } from '../../contract/metering/endpoints';
import { listServices } from '../../contract/users/endpoints';
import type { ApiClient, CallBehaviour, CallInput } from './client';

// The application pages call the data-quality services with a short-lived service JWT (GET
// /tokens/servicejwt ?serviceId, groupId), never with the session's token, which those services
// refuse. The service is named as GET /services names it (address, email, bankcode, name, cleanse)
// and matched on its id there (spec section 9: "Service JWT lookup matches on service id"). A token
// is kept per service and account until shortly before it ends, for every page of one portal.

/** A name of a row of GET /services. */
export type PortalService = 'address' | 'email' | 'bankcode' | 'name' | 'cleanse';

/** A token this close to its end is renewed before a call rather than sent. */
const renewBeforeSeconds = 30;

export type ServiceTokens = {
  /** A service JWT for `service` on the account `groupId`, fetched once and reused until it nearly ends. */
  tokenFor(service: PortalService, groupId: number): Promise<string>;
  /** One call of a data-quality service with that token; failures behave as any call's (spec section 8). */
  call<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    behaviour: CallBehaviour,
    on: { service: PortalService; groupId: number },
  ): Promise<ResponseOf<E>>;
};

const perClient = new WeakMap<ApiClient, ServiceTokens>();

/** The service tokens of one API client (one portal), shared by every page that asks. */
export function serviceTokens(api: ApiClient, nowMs: () => number = Date.now): ServiceTokens {
  const known = perClient.get(api);
  if (known) return known;
  const held = new Map<string, Promise<{ jwt: string; expiry: number }>>();
  let generation = api.generation();
  let serviceIds: Promise<Map<string, number>> | undefined;

  const idOf = async (service: PortalService) => {
    serviceIds ??= api
      .call(listServices, {}, { action: 'load the services' })
      .then((rows) => new Map(rows.map((row) => [row.name, row.id])))
      .catch((error: unknown) => {
        serviceIds = undefined;
        throw error;
      });
    const id = (await serviceIds).get(service);
    if (id === undefined) throw new Error(`The portal offers no service named ${service}`);
    return id;
  };

  const fetchToken = async (service: PortalService, groupId: number) => {
    const answer = await api.call(
      serviceJwt,
      { query: { serviceId: await idOf(service), groupId } },
      { action: `get access to the ${service} service`, cache: false },
    );
    return { jwt: answer.jwt, expiry: answer.expiry };
  };

  const tokens: ServiceTokens = {
    async tokenFor(service, groupId) {
      // Tokens belong to the session that fetched them: a logout or account switch clears the
      // client's cache, and with it these.
      if (api.generation() !== generation) {
        held.clear();
        generation = api.generation();
      }
      const key = `${service} ${groupId}`;
      const pending = held.get(key);
      if (pending) {
        const token = await pending.catch(() => null);
        if (token && token.expiry - renewBeforeSeconds > nowMs() / 1000) return token.jwt;
        if (held.get(key) === pending) held.delete(key);
      }
      const fresh = held.get(key) ?? fetchToken(service, groupId);
      held.set(key, fresh);
      fresh.catch(() => {
        if (held.get(key) === fresh) held.delete(key);
      });
      return (await fresh).jwt;
    },
    async call(endpoint, input, behaviour, on) {
      const token = await tokens.tokenFor(on.service, on.groupId);
      return api.call(endpoint, { ...input, token }, behaviour);
    },
  };
  perClient.set(api, tokens);
  return tokens;
}
