import type { ResponseOf } from '../../contract/endpoint';
import * as email from '../../contract/email/endpoints';
import type { ApiClient } from './client';
import { serviceTokens } from './serviceTokens';

// The email validation service's calls (contract/email/endpoints.ts), made with the account's
// service JWT (src/api/serviceTokens.ts). The page says a refusal itself (no Error modal).

export type EmailResult = ResponseOf<typeof email.verify>;

export function emailApi(api: ApiClient, groupId: number) {
  const on = { service: 'email', groupId } as const;
  return {
    verify: (address: string) =>
      serviceTokens(api).call(email.verify, { body: { email: address } }, { action: 'check the email address', skipDefaultErrorHandling: true }, on),
    result: (id: string) =>
      serviceTokens(api).call(email.verifyResult(id), {}, { action: 'read the result again', skipDefaultErrorHandling: true, cache: false }, on),
  };
}
