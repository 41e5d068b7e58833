import type { UpstreamClient, UpstreamRequest } from './client';

/** §4.16 only names ping; its path follows the legacy convention and any 101 answer is "up". */
function buildPingRequest(): UpstreamRequest {
  return { operation: 'ping', method: 'POST', effect: 'read', body: {}, timeoutMs: 3_000 };
}

export interface PingResult {
  /** The upstream's own words, for diagnostics. */
  description: string | null;
}

export async function ping(client: UpstreamClient): Promise<PingResult> {
  const payload = await client.send(buildPingRequest());
  return { description: typeof payload.statusDesc === 'string' ? payload.statusDesc : null };
}
