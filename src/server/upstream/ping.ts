import { legacyRead, type UpstreamClient } from './client';

export interface PingResult {
  /** The upstream's own words, for diagnostics. */
  description: string | null;
}

/** §4.16 only names ping; its path follows the legacy convention and any 101 answer is "up". */
export async function ping(client: UpstreamClient): Promise<PingResult> {
  const payload = await client.send({ ...legacyRead('ping'), timeoutMs: 3_000 });
  return { description: typeof payload.statusDesc === 'string' ? payload.statusDesc : null };
}
