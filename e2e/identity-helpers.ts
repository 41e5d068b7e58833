import { expect, type APIRequestContext } from '@playwright/test';
import { demoPassword } from './helpers';

/**
 * A user of the journey's own, made through the admin users API, so what the journey does to
 * its sessions and second factors touches no demo user other specs sign in as.
 */
export async function createJourneyUser(
  request: APIRequestContext,
  origin: string,
  prefix: string,
): Promise<{ email: string; password: string; accountId: string }> {
  const headers = { 'X-CSRF': '1', Origin: origin };
  const signedIn = await request.post('/api/session', {
    headers,
    data: { email: 'admin@demo.test', password: demoPassword },
  });
  expect(signedIn.status()).toBe(200);
  const users = (await (
    await request.get('/api/admin/users?q=investor@demo.test', { headers })
  ).json()) as {
    users: { email: string; accountIds: string[] }[];
  };
  const accountId = users.users.find((u) => u.email === 'investor@demo.test')!.accountIds[0];
  const email = `${prefix}-${Date.now()}@demo.test`;
  const password = 'journey-password-2026';
  const created = await request.post('/api/admin/users', {
    headers,
    data: { email, name: 'Journey Investor', role: 'investor', password },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const linked = await request.post(`/api/admin/users/${id}/links`, {
    headers,
    data: { kind: 'account', upstreamId: accountId },
  });
  expect(linked.status()).toBe(200);
  await request.delete('/api/session', { headers });
  return { email, password, accountId };
}
