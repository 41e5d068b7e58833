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

/** Every page of the portal, in one place: a feature that adds a page adds a line here. */
export const portalPages: PortalPage[] = [
  { name: 'sign-in', path: () => '/sign-in', roles: null, heading: 'Sign in' },
  { name: 'offerings', path: () => '/offerings', roles: everyone, heading: 'Offerings' },
  { name: 'offering', path: firstOfferingPath, roles: everyone, heading: /.+/ },
  { name: 'not found', path: () => '/no-such-page', roles: everyone, heading: 'Page not found' },
];

export const pagesFor = (role: Role) =>
  portalPages.filter((page) => page.roles === null || page.roles.includes(role));
