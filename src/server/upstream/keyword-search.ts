import type { z } from 'zod';
import { legacyRead, type UpstreamClient } from './client';
import { isUpstreamError } from './errors';
import { sendAndReadRecords, type RecordKeys, type RecordsRead } from './wire';

/**
 * searchAccount (§4.11) and searchEntity (§4.12) are one form of call: a POST with the keyword
 * as `searchKeyword`, answered by every match in one list under `key`, whose records are read one
 * by one (sendAndReadRecords); one that cannot be read keeps its id (`keys`) where it can, so
 * the search can name it.
 */
export function keywordSearch<Schema extends z.ZodType, Result>(
  operation: string,
  key: string,
  schema: Schema,
  normalize: (raw: z.output<Schema>) => Result,
  keys: RecordKeys,
) {
  return (client: UpstreamClient, params: { keyword: string }): Promise<RecordsRead<Result>> =>
    sendAndReadRecords(
      client,
      legacyRead(operation, { searchKeyword: params.keyword }),
      key,
      schema,
      normalize,
      keys,
    ).catch((err: unknown) => {
      // A search that matched nothing may be answered with a not-found code, as real traffic
      // answers an empty list read (getLinkedAccounts__kvl-404-no-links.json: statusCode 404,
      // "Couldn't find any Link!"): no match, not a failure. Only a code the platform stated in
      // its answer; an address that is not the platform's (an HTML 404) stays a failure.
      if (isUpstreamError(err) && err.kind === 'not_found' && err.statusCode !== undefined) {
        return { records: [], skipped: [] };
      }
      throw err;
    });
}
