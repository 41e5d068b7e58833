import type { APIRequestContext } from '@playwright/test';
import type { Role } from './helpers';

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

/** A weekday: the sandbox holds 10,000+ orders for it. */
export const ORDER_BOOK_DAY = '2026-03-10';

async function firstOrderPath(request: APIRequestContext): Promise<string> {
  const response = await request.get(`/api/order-book/${ORDER_BOOK_DAY}`, {
    headers: { 'X-CSRF': '1' },
  });
  const lines = (await response.text()).trim().split('\n');
  const last = JSON.parse(lines[lines.length - 1]) as { book?: { orders: { id: string }[] } };
  const id = last.book?.orders[0]?.id;
  if (!id) throw new Error('The order book has no order to open.');
  return `/order-book/orders/${encodeURIComponent(id)}`;
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
  { name: 'not found', path: () => '/no-such-page', roles: everyone, heading: 'Page not found' },
];

export const pagesFor = (role: Role) =>
  portalPages.filter((page) => page.roles === null || page.roles.includes(role));
