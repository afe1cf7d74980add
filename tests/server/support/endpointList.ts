// Every endpoint entry of contract/<module>/endpoints.ts with its shape from the module's schemas.ts,
// and the URL the server serves it at: what http/endpoints.test.ts checks against the server's routes and
// what tools/fuzz.ts sends requests to.
import type { CallShape, Endpoint } from '../../../contract/endpoint';
import * as addressEndpoints from '../../../contract/address/endpoints';
import * as addressSchemas from '../../../contract/address/schemas';
import * as bankEndpoints from '../../../contract/bank/endpoints';
import * as bankSchemas from '../../../contract/bank/schemas';
import * as bureauEndpoints from '../../../contract/bureau/endpoints';
import * as bureauSchemas from '../../../contract/bureau/schemas';
import * as configEndpoints from '../../../contract/config/endpoints';
import * as configSchemas from '../../../contract/config/schemas';
import * as emailEndpoints from '../../../contract/email/endpoints';
import * as emailSchemas from '../../../contract/email/schemas';
import * as fileEndpoints from '../../../contract/files/endpoints';
import * as fileSchemas from '../../../contract/files/schemas';
import * as groupEndpoints from '../../../contract/groups/endpoints';
import * as groupSchemas from '../../../contract/groups/schemas';
import * as leadEndpoints from '../../../contract/leads/endpoints';
import * as leadSchemas from '../../../contract/leads/schemas';
import * as meteringEndpoints from '../../../contract/metering/endpoints';
import * as meteringSchemas from '../../../contract/metering/schemas';
import * as nameEndpoints from '../../../contract/name/endpoints';
import * as nameSchemas from '../../../contract/name/schemas';
import * as planEndpoints from '../../../contract/plans/endpoints';
import * as planSchemas from '../../../contract/plans/schemas';
import * as securityEndpoints from '../../../contract/security/endpoints';
import * as securitySchemas from '../../../contract/security/schemas';
import * as searchEndpoints from '../../../contract/search/endpoints';
import * as searchSchemas from '../../../contract/search/schemas';
import * as shopEndpoints from '../../../contract/shop/endpoints';
import * as shopSchemas from '../../../contract/shop/schemas';
import * as tokenEndpoints from '../../../contract/tokens/endpoints';
import * as tokenSchemas from '../../../contract/tokens/schemas';
import * as usageEndpoints from '../../../contract/usage/endpoints';
import * as usageSchemas from '../../../contract/usage/schemas';
import * as userEndpoints from '../../../contract/users/endpoints';
import * as userSchemas from '../../../contract/users/schemas';
import { servicePaths } from '../../../server/config';

type RouteEntry = Omit<Endpoint, 'service'> & { service?: Endpoint['service'] };

/** One call: `name` is the entry's export (`filesUk.beginUpload` for the file servers' entries). */
export type EndpointEntry = {
  module: string;
  name: string;
  entry: RouteEntry;
  /** The schemas the server registers the route with; undefined when none is found (a defect). */
  shape: CallShape | undefined;
  /** Where the server serves it: the service's base path and the entry's path (a `:param` left as is). */
  url: string;
};

// The user server's user-admin calls take their shapes from the groups module, and it serves the
// account-security calls (contract/security) too; the two address
// lookups share one shape, and the payment details' shape is named apart from its entity.
const modules: Record<string, { endpoints: object; schemas: object; aliases?: Record<string, string> }> = {
  users: { endpoints: { ...userEndpoints, ...securityEndpoints }, schemas: { ...userSchemas, ...groupSchemas, ...securitySchemas } },
  groups: { endpoints: groupEndpoints, schemas: groupSchemas },
  search: { endpoints: searchEndpoints, schemas: searchSchemas },
  plans: { endpoints: planEndpoints, schemas: planSchemas },
  tokens: { endpoints: tokenEndpoints, schemas: tokenSchemas },
  leads: { endpoints: leadEndpoints, schemas: leadSchemas },
  metering: { endpoints: meteringEndpoints, schemas: meteringSchemas },
  usage: { endpoints: usageEndpoints, schemas: usageSchemas },
  bank: { endpoints: bankEndpoints, schemas: bankSchemas },
  name: { endpoints: nameEndpoints, schemas: nameSchemas },
  email: { endpoints: emailEndpoints, schemas: emailSchemas },
  address: { endpoints: addressEndpoints, schemas: addressSchemas, aliases: { lookupUk: 'lookup', lookupAustralia: 'lookup' } },
  bureau: { endpoints: bureauEndpoints, schemas: bureauSchemas },
  shop: { endpoints: shopEndpoints, schemas: shopSchemas, aliases: { paymentDetails: 'paymentDetailsCall' } },
  files: { endpoints: fileEndpoints, schemas: fileSchemas },
  config: { endpoints: configEndpoints, schemas: configSchemas },
};

const isEntry = (value: unknown): value is RouteEntry =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value;

const urlOf = (entry: RouteEntry) => (entry.service ? `${servicePaths[entry.service]}${entry.path}` : entry.path);

/**
 * The entries of every module. Exports that are not entries are passed over: functions that make an
 * entry for one id (verifyResult, fileDownload) and tables that regroup entries already listed
 * (fileServers); an object of entries (filesUk, filesAustralia) gives each of its entries.
 */
export const endpointList: EndpointEntry[] = (() => {
  const list: EndpointEntry[] = [];
  for (const [module, { endpoints, schemas, aliases = {} }] of Object.entries(modules)) {
    const shapeOf = (name: string) => (schemas as Record<string, CallShape | undefined>)[aliases[name] ?? name];
    const add = (name: string, schemaName: string, entry: RouteEntry) =>
      list.push({ module, name, entry, shape: shapeOf(schemaName), url: urlOf(entry) });
    for (const [name, value] of Object.entries(endpoints)) {
      if (isEntry(value)) add(name, name, value);
      else if (typeof value === 'object' && value !== null) {
        for (const [inner, entry] of Object.entries(value)) if (isEntry(entry)) add(`${name}.${inner}`, inner, entry);
      }
    }
  }
  return list;
})();
