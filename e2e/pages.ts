import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkedAccountIds, type Role } from './helpers';

export type PortalPage = {
  name: string;
  /** The address to visit; may ask the BFF for an id, as the signed-in user. */
  path: (request: APIRequestContext) => Promise<string> | string;
  /** Who may open it; `null` for public pages. */
  roles: readonly Role[] | null;
  /** The page's h1, to know it rendered. */
  heading: string | RegExp;
};

const everyone: readonly Role[] = ['investor', 'issuer_staff', 'compliance', 'admin'];

async function firstOfferingPath(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/offerings', { headers: { 'X-CSRF': '1' } });
  const { offerings } = (await response.json()) as { offerings: { id: string }[] };
  if (offerings.length === 0) throw new Error('The sandbox has no offering to open.');
  return `/offerings/${encodeURIComponent(offerings[0].id)}`;
}

const reviewers: readonly Role[] = ['compliance', 'admin'];

async function firstIssuerOfferingPath(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/issuer/offerings', { headers: { 'X-CSRF': '1' } });
  const { offerings } = (await response.json()) as { offerings: { id: string }[] };
  if (offerings.length === 0) throw new Error('The issuer has no offering to open.');
  return `/issuer/offerings/${encodeURIComponent(offerings[0].id)}`;
}

async function firstEntityPath(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/compliance/search?q=llc', {
    headers: { 'X-CSRF': '1' },
  });
  const { entities } = (await response.json()) as { entities: { id: string }[] };
  if (entities.length === 0) throw new Error('The search found no entity to open.');
  return `/compliance/entities/${encodeURIComponent(entities[0].id)}?q=llc`;
}

const accountPath =
  (suffix = '') =>
  async (request: APIRequestContext) =>
    `/accounts/${encodeURIComponent((await linkedAccountIds(request))[0])}${suffix}`;

async function firstFundMovePath(request: APIRequestContext): Promise<string> {
  const accountId = (await linkedAccountIds(request))[0];
  const response = await request.get(`/api/accounts/${accountId}/fund-moves`, {
    headers: { 'X-CSRF': '1' },
  });
  const { moves } = (await response.json()) as { moves: { referenceNumber: string }[] };
  if (moves.length === 0) throw new Error('The account has no fund move to open.');
  return `/accounts/${accountId}/fund-moves/${encodeURIComponent(moves[0].referenceNumber)}`;
}

async function investPath(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/offerings', { headers: { 'X-CSRF': '1' } });
  const { offerings } = (await response.json()) as { offerings: { id: string; status: string }[] };
  const open = offerings.find((o) => ['approved', 'open'].includes(o.status));
  if (!open) throw new Error('The sandbox has no offering open for investment.');
  return `/offerings/${encodeURIComponent(open.id)}/invest`;
}

/** A weekday: the sandbox holds 10,000+ orders for it. */
export const ORDER_BOOK_DAY = '2026-03-10';

/** Opens the order book of ORDER_BOOK_DAY and waits for its whole book (the depth comes last). */
export async function openBook(page: Page) {
  await page.goto(`/order-book?date=${ORDER_BOOK_DAY}`);
  const orders = page.getByRole('grid', { name: 'Orders' });
  await expect(orders.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  // The first rows show while the day is still read; the depth comes with the whole book.
  await expect(page.getByRole('heading', { name: /^Depth of / })).toBeVisible({ timeout: 30_000 });
  return orders;
}

async function firstOrderPath(request: APIRequestContext): Promise<string> {
  const response = await request.get(`/api/order-book/${ORDER_BOOK_DAY}`, {
    headers: { 'X-CSRF': '1' },
  });
  // Rows travel as arrays under one header; the order id is the first column. Read cold, the day's
  // rows come in `orders` lines as its pages arrive and the book line carries only the rest, which
  // may be none: the first row of any line will do.
  type Table = { columns: string[]; rows: unknown[][] };
  const tables = (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { orders?: Table; book?: { orders: Table } })
    .map((line) => line.orders ?? line.book?.orders)
    .filter((table): table is Table => table !== undefined && table.rows.length > 0);
  const first = tables[0];
  const id = first?.rows[0]?.[first.columns.indexOf('id')];
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new Error('The order book has no order to open.');
  }
  return `/order-book/orders/${encodeURIComponent(String(id))}`;
}

/** Every page of the portal, in one place: a feature that adds a page adds a line here. */
export const portalPages: PortalPage[] = [
  { name: 'sign-in', path: () => '/sign-in', roles: null, heading: 'Sign in' },
  { name: 'offerings', path: () => '/offerings', roles: everyone, heading: 'Offerings' },
  { name: 'offering', path: firstOfferingPath, roles: everyone, heading: /.+/ },
  {
    name: 'my offerings',
    path: () => '/issuer/offerings',
    roles: ['issuer_staff'],
    heading: 'My offerings',
  },
  {
    name: 'purchase history',
    path: firstIssuerOfferingPath,
    roles: ['issuer_staff'],
    heading: /.+/,
  },
  {
    name: 'issuer account',
    path: () => '/issuer/account',
    roles: ['issuer_staff'],
    heading: 'Issuer account',
  },
  {
    name: 'compliance search',
    path: () => '/compliance/search?q=quinn',
    roles: reviewers,
    heading: 'Search',
  },
  {
    name: 'compliance account review',
    path: () => '/compliance/accounts/A1040000',
    roles: reviewers,
    heading: /.+/,
  },
  { name: 'compliance entity', path: firstEntityPath, roles: reviewers, heading: /.+/ },
  {
    name: 'compliance fund moves',
    path: () => '/compliance/fund-moves',
    roles: reviewers,
    heading: 'Fund moves',
  },
  { name: 'audit log', path: () => '/audit', roles: reviewers, heading: 'Audit log' },
  {
    name: 'compliance money requests',
    path: () => '/compliance/money-requests',
    roles: reviewers,
    heading: 'Money requests',
  },
  {
    name: 'my investments',
    path: () => '/holdings',
    roles: ['investor'],
    heading: 'My investments',
  },
  {
    name: 'account money and timeline',
    path: accountPath('/money'),
    roles: ['investor'],
    heading: 'Money and timeline',
  },
  { name: 'invest', path: investPath, roles: ['investor'], heading: /^Invest in/ },
  { name: 'my accounts', path: () => '/accounts', roles: ['investor'], heading: 'My accounts' },
  { name: 'account', path: accountPath(), roles: ['investor'], heading: /.+/ },
  {
    name: 'fund moves',
    path: accountPath('/fund-moves'),
    roles: ['investor'],
    heading: 'Fund moves',
  },
  { name: 'fund move', path: firstFundMovePath, roles: ['investor'], heading: /^Fund move / },
  {
    name: 'disbursement request',
    path: accountPath('/disbursements/new'),
    roles: ['investor'],
    heading: 'Request a disbursement',
  },
  { name: 'IRA request', path: accountPath('/ira'), roles: ['investor'], heading: 'Open an IRA' },
  {
    name: 'order book',
    path: () => `/order-book?date=${ORDER_BOOK_DAY}`,
    roles: everyone,
    heading: 'Order book',
  },
  { name: 'order', path: firstOrderPath, roles: everyone, heading: /^Order \d+/ },
  { name: 'market hours', path: () => '/market-hours', roles: everyone, heading: 'Market hours' },
  {
    name: 'trading hours of my securities',
    path: () => '/market-hours/securities',
    roles: ['issuer_staff'],
    heading: 'Trading hours of my securities',
  },
  {
    name: 'security settings',
    path: () => '/settings/security',
    roles: everyone,
    heading: 'Security settings',
  },
  {
    name: 'my sessions',
    path: () => '/settings/sessions',
    roles: everyone,
    heading: 'My sessions',
  },
  { name: 'users', path: () => '/admin/users', roles: ['admin'], heading: 'Users' },
  {
    name: 'disbursement approvals',
    path: () => '/approvals',
    roles: ['investor', ...reviewers],
    // An investor's are the disbursements of their own held there.
    heading: /^(Disbursement approvals|Held disbursements)$/,
  },
  { name: 'not found', path: () => '/no-such-page', roles: everyone, heading: 'Page not found' },
  {
    name: 'signed in again (single sign-on in a window of its own)',
    path: () => '/signed-in-window',
    roles: everyone,
    heading: 'You are signed in again',
  },
];
