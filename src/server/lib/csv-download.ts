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
  return Readable.from(withByteOrderMark(chunks), { objectMode: false });
}

/**
 * The file starts with UTF-8's byte order mark: without it Excel reads the file in the system's
 * code page, and the masks ("••••3000"), names and notes outside ASCII come out garbled. Excel,
 * LibreOffice and Numbers take the mark as the file's encoding and do not show it.
 */
async function* withByteOrderMark(chunks: AsyncIterable<string>): AsyncIterable<string> {
  yield '\uFEFF';
  yield* chunks;
}

function asCsvFile(reply: FastifyReply, name: string): void {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store');
}
