import * as name from '../../contract/name/endpoints';
import type { ApiClient } from './client';
import { serviceTokens } from './serviceTokens';

// The name validation service's call (contract/name/endpoints.ts), made with the account's service
// JWT (src/api/serviceTokens.ts). The page says a refusal itself (no Error modal).

export function nameApi(api: ApiClient, groupId: number) {
  const on = { service: 'name', groupId } as const;
  return {
    validate: (value: string) =>
      serviceTokens(api).call(name.validateName, { body: { name: value } }, { action: 'check the name', skipDefaultErrorHandling: true }, on),
  };
}
