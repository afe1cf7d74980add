import type { BodyOf } from '../../contract/endpoint';
import * as bank from '../../contract/bank/endpoints';
import type { ApiClient } from './client';
import { serviceTokens } from './serviceTokens';

// The bank validation service's JSON call (contract/bank/endpoints.ts), made with the account's
// service JWT (src/api/serviceTokens.ts). The page says a refusal itself (no Error modal).

export function bankApi(api: ApiClient, groupId: number) {
  const on = { service: 'bankcode', groupId } as const;
  return {
    validate: (body: BodyOf<typeof bank.validateBank>) =>
      serviceTokens(api).call(bank.validateBank, { body }, { action: 'check the account', skipDefaultErrorHandling: true }, on),
  };
}
