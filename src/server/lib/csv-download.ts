import type { FastifyReply } from 'fastify';

/**
 * Sends an export as a CSV file named after its content and today's date (UTC), never kept in a
 * cache: exports hold what only their reader may see.
 */
export function csvDownload(reply: FastifyReply, name: string, lines: readonly string[]): string {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store');
  return lines.join('');
}
