import type { z } from 'zod';
import { legacyRead, type UpstreamClient } from './client';
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
    );
}
