import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends an export as a CSV file named after its content and today's date (UTC), never kept in a
 * cache (exports hold what only their reader may see), written as it is read: its chunks are
 * sent as they come, one at a time as the browser takes them. A chunk that fails aborts the
 * answer, so the download is reported as failed rather than saved as a shorter file.
 */
export function csvDownloadStream(
  reply: FastifyReply,
  name: string,
  chunks: AsyncIterable<string>,
): Readable {
  asCsvFile(reply, name);
  return Readable.from(chunks, { objectMode: false });
}

function asCsvFile(reply: FastifyReply, name: string): void {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store');
}
