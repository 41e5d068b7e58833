import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { todayInZone } from '../../contract/time';

/** The day an export is named by: today in the request's `timeZone` (UTC when it states none). */
interface ExportDay {
  /** The viewer's zone, as the pages send it with every export (the `timeZone` of its query). */
  timeZone?: string;
}

/**
 * Sends an export as a CSV file named after its content and today's date, never kept in a
 * cache (exports hold what only their reader may see), written as it is read: its chunks are
 * sent as they come, one at a time as the browser takes them. A chunk that fails aborts the
 * answer, so the download is reported as failed rather than saved as a shorter file.
 *
 * The date is the viewer's day (`day.timeZone`), the days the page's period filters and rows are
 * in: a reviewer in Los Angeles exporting at 5 PM on November 30 gets `…-2026-11-30.csv`, not
 * December 1 (UTC's day then). A request that states no zone gets UTC's day.
 */
export function csvDownloadStream(
  reply: FastifyReply,
  name: string,
  chunks: AsyncIterable<string>,
  day: ExportDay = {},
): Readable {
  asCsvFile(reply, name, todayInZone(day.timeZone ?? 'UTC'));
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

function asCsvFile(reply: FastifyReply, name: string, day: string): void {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store');
}
