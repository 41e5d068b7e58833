import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditPage } from '../../../../contract/audit';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { downloadExport } from '../../../lib/download-export';
import { periodQuery } from '../../../lib/period';

export type AuditFilters = {
  user: string | null;
  /** An account id, our MR- reference or another object id: the events about it. */
  object: string | null;
  action: string | null;
  /** Days of the viewer's zone, which goes beside them (periodQuery). */
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
  api.get(apiPaths.auditEvents(periodQuery({ ...filters, before })), {
    schema: auditPageSchema,
    signal,
  });

export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.events(filters),
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export const useAuditEvents = (filters: AuditFilters) =>
  useInfiniteQuery(auditEventsQueryOptions(filters));

/** Downloads the CSV the BFF builds (and audits) of these filters. */
export const downloadAuditExport = (filters: AuditFilters): Promise<void> =>
  downloadExport(apiPaths.auditExport(periodQuery(filters)), {
    forbidden: 'Your role does not give access to the audit log.',
    fileName: 'audit-log.csv',
  });
