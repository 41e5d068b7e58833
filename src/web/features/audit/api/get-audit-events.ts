import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditPage } from '../../../../contract/audit';
import { apiPaths } from '../../../config/paths';
import { api, ApiClientError, resumesAfterSignIn } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

export type AuditFilters = {
  user: string | null;
  action: string | null;
  from: string | null;
  to: string | null;
};

const auditKeys = {
  all: ['audit'] as const,
  events: (filters: AuditFilters) => [...auditKeys.all, 'events', filters] as const,
};

const getAuditEvents = (
  filters: AuditFilters,
  before: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> =>
  api.get(apiPaths.auditEvents({ ...filters, before }), { schema: auditPageSchema, signal });

export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.events(filters),
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export const useAuditEvents = (filters: AuditFilters) =>
  useInfiniteQuery(auditEventsQueryOptions(filters));

/**
 * Downloads the CSV the BFF builds (and audits). Not a plain link: every /api request must carry
 * the X-CSRF header, which a link cannot send.
 */
export async function downloadAuditExport(filters: AuditFilters, resumed = false): Promise<void> {
  const response = await fetch(apiPaths.auditExport(filters), {
    headers: { Accept: 'text/csv', 'X-CSRF': '1' },
    credentials: 'same-origin',
  });
  // The session ended: as every read, it waits for the person to sign in again over the page.
  if (response.status === 401) {
    if (!resumed && (await resumesAfterSignIn())) return downloadAuditExport(filters, true);
    throw new ApiClientError({
      message: 'Your session has ended. Please sign in again.',
      status: 401,
      code: 'unauthenticated',
      submitted: 'no',
    });
  }
  if (!response.ok) {
    throw new ApiClientError({
      message:
        response.status === 403
          ? 'Your role does not give access to the audit log.'
          : 'The export could not be built. Please try again.',
      status: response.status,
      code: response.status === 403 ? 'forbidden' : 'internal',
      submitted: 'no',
    });
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'audit-log.csv';
  saveBlob(blob, name);
}
