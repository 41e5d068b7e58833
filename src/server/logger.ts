import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets and personal data never reach the logs: credentials, cookies,
 * passwords, SSNs, tax ids and bank numbers are censored wherever they appear in a logged object.
 */
const SENSITIVE_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'apiKey',
  'developerAPIKey',
  'clientID',
  'clientId',
  'token',
  'ssn',
  'socialSecurityNumber',
  'taxId',
  'taxID',
  'companyTaxID',
  'ein',
  'bankId',
  'bankAccountId',
  'accountNumber',
  'routingNumber',
  'bankAccountNumber1',
  'bankAccountNumber2',
  'internationalAccountNumber',
  'dob',
  'dateOfBirth',
];

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export function loggerOptions(level: string, file?: string): FastifyServerOptions['logger'] {
  return {
    level,
    ...(file ? { file } : {}),
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      // Query strings can hold search keywords (names, emails): log the path only.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        id: req.id,
      }),
    },
  };
}
