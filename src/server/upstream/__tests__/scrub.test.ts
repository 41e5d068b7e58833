import { describe, expect, it } from 'vitest';
import { mayHoldCredentials, scrubCredentials } from '../scrub';

const secrets = ['client-123', 'key-abcdef'];

describe('credential scrubbing (real-world notes §4.3, §6)', () => {
  it.each([
    ['an echoed developerAPIKey key', '{"ACHDetails":{"developerAPIKey":"x"}}'],
    ['a clientId key in another case', '{"clientid":"x"}'],
    ['the key itself inside text', '{"note":"sent with key-abcdef"}'],
    ['unicode escapes that could spell a key', '{"\\u0064eveloperAPIKey":"x"}'],
    // scrubCredentials lower-cases keys, and the Kelvin sign (U+212A) lower-cases to k.
    ['a key spelled with the Kelvin sign', '{"apiKey":"x"}'.replace('K', '\u212A')],
    ['escaped slashes that could hide a secret', '{"note":"key\\/abc"}'],
  ])('treats a body with %s as possibly holding credentials', (_, text) => {
    expect(mayHoldCredentials(text, secrets)).toBe(true);
  });

  it('lets an ordinary order page through without a deep copy', () => {
    const text = JSON.stringify({
      statusCode: '101',
      orderDetails: [{ order_Id: 1, 'Contingencies ': 'None' }],
    });
    expect(mayHoldCredentials(text, secrets)).toBe(false);
  });

  it('removes credential keys at any depth and masks secrets in text', () => {
    const parsed = JSON.parse(
      '{"\\u0064eveloperAPIKey":"key-abcdef","rows":[{"clientID":"client-123","note":"key-abcdef"}]}',
    );
    expect(scrubCredentials(parsed, secrets)).toEqual({ rows: [{ note: '[redacted]' }] });
  });
});

describe('raw bodies in logs', () => {
  it('masks bank numbers, tax ids and SSNs in an unreadable answer before it is logged', async () => {
    const { redactRawBody } = await import('../scrub');
    const raw =
      '{"custodyFundDisbursement":{"bankId":"021000021","bankAccountId":"123456789012","taxID":"123-45-6789"} trailing 987654321 garbage';
    const logged = redactRawBody(raw, secrets);
    expect(logged).not.toMatch(/021000021|123456789012|123-45-6789|987654321/);
    expect(logged).toContain('"bankId":"•"');
    expect(logged).toContain('•••••••• ••••••••• •••••••');
  });

  it('keeps the shape and the statusCode, drops every value (names and emails included)', async () => {
    const { redactRawBody } = await import('../scrub');
    const raw =
      '{"statusCode":"101","accountDetails":{"accountName":"Quinn Planted","email":"quinn@example.org","dob":"01-02-1980","ssn":123456789}}';
    const logged = redactRawBody(raw, secrets);
    expect(logged).toBe(
      '{"statusCode":"101","accountDetails":{"accountName":"•","email":"•","dob":"•","ssn":•••••••••}}',
    );
    expect(redactRawBody('<html>502 Bad Gateway; ask Jo Doe, jo@example.org</html>', secrets)).toBe(
      '<html>502 ••• •••••••; ••• •• •••, •@•</html>',
    );
  });
});
