import { describe, expect, it } from 'vitest';
import { mailedSecrets, secretsIn } from '../../e2e/support/logScan';

describe('the scan of the e2e run\'s server log', () => {
  const clean = [
    '{"level":30,"time":1795873267356,"requestId":"95e26870","method":"GET","route":"/api/users/user","path":"/api/users/user","status":200,"ms":8,"msg":"request"}',
    '{"level":30,"time":1795873267357,"requestId":"lb-1","method":"POST","route":"/api/plans/payment/webhook","status":200,"msg":"request"}',
  ].join('\n');

  it('finds nothing in request lines', () => {
    expect(secretsIn(clean, [])).toEqual([]);
  });

  it('takes no digits inside a request id for a card number', () => {
    expect(secretsIn('{"requestId":"51602762-0625-4430-974e-9443ef95021e","msg":"request"}', [])).toEqual([]);
    expect(secretsIn('{"requestId":"x-4242424242424242","msg":"request"}', [])).toEqual([]);
  });

  it('finds passwords, JWTs, credentials and card numbers wherever they appear', () => {
    const leaky = [
      '{"msg":"login","password":"Demo-Password-1"}',
      '{"msg":"x","headers":{"authorization":"Bearer abcdefghijklmnop"}}',
      '{"msg":"y","jwt":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"}',
      '{"msg":"z","card":"4242 4242 4242 4242"}',
      '{"msg":"w","card":"5555555555554444"}',
    ].join('\n');
    expect(secretsIn(leaky, []).map((find) => find.split(':')[0])).toEqual(['password', 'JWT', 'credential', 'card number', 'card number']);
  });

  it('finds any code or link token the portal mailed', () => {
    const mailed = mailedSecrets(['Your code is 482913.', 'Reset: https://uk-portal.localhost/portal/reset?token=abcDEF123456789']);
    expect(mailed).toEqual(['482913', 'abcDEF123456789']);
    expect(secretsIn(`${clean}\n{"path":"/portal/reset","q":"abcDEF123456789"}`, mailed)).toEqual(['mailed code or token: abcDEF…']);
    expect(secretsIn(clean, mailed)).toEqual([]);
    // The same digits inside a request id are not the code.
    expect(secretsIn('{"requestId":"0a482913-94d3-403f-84aa-393ec3ba9955","msg":"request"}', mailed)).toEqual([]);
    expect(secretsIn('{"path":"/api/users/validate/482913"}', mailed)).toEqual(['mailed code or token: 482913…']);
  });
});
