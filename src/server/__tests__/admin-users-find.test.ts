import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, link } from '../store/users';
import { call, signIn, useHarness } from './harness';

/**
 * An admin finds a user among many on the Users page: by part of an email or a name in any letter
 * case, by role and by state, one page of 50 at a time, by email.
 */
let admin: string;

// Compliance reviewers must enrol a second factor (the admin signs in without one here).
const h = useHarness({ env: { MFA_REQUIRED_ROLES: 'compliance' } }, 120_000);

/** 60 users of the test's own, "many-00@crowd.test" to "many-59@crowd.test". */
const crowd = Array.from({ length: 60 }, (_, i) => `many-${String(i).padStart(2, '0')}@crowd.test`);

beforeAll(async () => {
  admin = await signIn(h.app, 'admin@demo.test');
  for (const [i, email] of crowd.entries()) {
    await createUser(h.db, {
      email,
      name: i === 7 ? 'Zoë Quinn-Abernathy' : `Crowd member ${i}`,
      role: i % 2 === 0 ? 'investor' : 'issuer_staff',
      password: '',
    });
  }
  // LIKE's wildcards are letters like any other in what an admin types.
  await createUser(h.db, { email: 'per_cent%@odd.test', name: 'Odd', role: 'admin', password: '' });
  await createUser(h.db, {
    email: 'perxcent-and-more@odd.test',
    name: 'Even',
    role: 'admin',
    password: '',
  });
}, 120_000);

type Page = {
  users: { email: string; name: string; role: string; disabled: boolean }[];
  total: number;
  page: number;
  pageSize: number;
};
const find = async (search: string) => {
  const res = await call(h.app, 'GET', `/api/admin/users?${search}`, { cookie: admin });
  return { status: res.statusCode, body: res.json() as Page & { error: { fields: unknown[] } } };
};

describe('finding users', () => {
  it('answers one page of 50 by email, says how many match, and the next page holds the rest', async () => {
    const first = await find('q=CROWD.test');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 60, page: 1, pageSize: 50 });
    expect(first.body.users.map((u) => u.email)).toEqual(crowd.slice(0, 50));
    const second = await find('q=crowd.test&page=2');
    expect(second.body.users.map((u) => u.email)).toEqual(crowd.slice(50));
    expect(second.body).toMatchObject({ total: 60, page: 2 });
  });

  it('finds by part of a name in any letter case', async () => {
    const { body } = await find(`q=${encodeURIComponent('quinn-ABER')}`);
    expect(body.users.map((u) => u.email)).toEqual(['many-07@crowd.test']);
    expect(body.total).toBe(1);
  });

  it('takes % and _ typed as themselves, not as wildcards', async () => {
    const { body } = await find(`q=${encodeURIComponent('per_cent%')}`);
    expect(body.users.map((u) => u.email)).toEqual(['per_cent%@odd.test']);
  });

  it('narrows to a role, and to a state: disabled, second factor pending, linked or not', async () => {
    const staff = await find('q=crowd&role=issuer_staff');
    expect(staff.body.total).toBe(30);
    expect(staff.body.users.every((u) => u.role === 'issuer_staff')).toBe(true);

    const [ada] = (await find('q=many-07')).body.users as unknown as { id: string }[];
    const disabled = await call(h.app, 'PUT', `/api/admin/users/${ada.id}/disabled`, {
      cookie: admin,
      body: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await find('q=crowd&state=disabled')).body.users.map((u) => u.email)).toEqual([
      'many-07@crowd.test',
    ]);

    await link(h.db, ada.id, 'issuer', 'ISSUER-OF-07');
    expect((await find('q=crowd&state=linked')).body.users.map((u) => u.email)).toEqual([
      'many-07@crowd.test',
    ]);
    expect((await find('q=crowd&state=unlinked')).body.total).toBe(59);

    // The demo compliance reviewer has no second factor, and the role requires one.
    const pending = (await find('state=factor_pending')).body.users;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((u) => u.role === 'compliance')).toBe(true);
    expect((await find('state=factor_pending&role=admin')).body.total).toBe(0);
  });

  it('answers a page past the last with no user and how many match', async () => {
    const { status, body } = await find('q=crowd&page=9');
    expect(status).toBe(200);
    expect(body).toMatchObject({ users: [], total: 60, page: 9 });
  });

  it('answers no user for a find text nobody matches', async () => {
    const { body } = await find('q=nobody-has-this');
    expect(body).toMatchObject({ users: [], total: 0 });
  });

  it('refuses a find text, role, state or page outside its rule, naming the field', async () => {
    const cases: [string, string, string][] = [
      [`q=${'a'.repeat(255)}`, 'query.q', 'Email or name must be at most 254 characters'],
      ['page=0', 'query.page', 'Page must be a whole number from 1 to 10000'],
      ['page=two', 'query.page', 'Page must be a whole number from 1 to 10000'],
      ['page=10001', 'query.page', 'Page must be a whole number from 1 to 10000'],
      ['role=root', 'query.role', 'Role must be one of'],
      ['state=asleep', 'query.state', 'State must be one of'],
    ];
    for (const [search, field, message] of cases) {
      const { status, body } = await find(search);
      expect(status, search).toBe(400);
      expect(body.error.fields, search).toEqual([
        { field, message: expect.stringContaining(message) },
      ]);
    }
  });
});
