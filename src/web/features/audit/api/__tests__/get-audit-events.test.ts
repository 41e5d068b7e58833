// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionEndedHandler } from '../../../../lib/api-client';
import { catchDownloads } from '../../../../testing/downloads';
import { downloadAuditExport } from '../get-audit-events';

// Caught at the browser's edge, not by mocking lib/download: test files share loaded modules.
const saved = catchDownloads();

const filters = { user: null, object: null, action: null, from: null, to: null };
const ended = () =>
  new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'Ended.' } }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });
const csv = () =>
  new Response('at,action\n', {
    status: 200,
    headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'filename="audit.csv"' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the audit export when the session has ended', () => {
  it('waits for the same person to sign in again over the page, then downloads', async () => {
    const waiting: ((same: boolean) => void)[] = [];
    const stop = setSessionEndedHandler(
      () => new Promise<boolean>((resolve) => waiting.push(resolve)),
    );
    const answers = [ended(), csv()];
    const fetchMock = vi.fn<typeof fetch>(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    try {
      const download = downloadAuditExport(filters);
      await vi.waitFor(() => expect(waiting).toHaveLength(1));
      waiting[0]!(true);
      await download;
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(saved).toEqual(['audit.csv']);
    } finally {
      stop();
    }
  });

  it('says the session ended, not that the export could not be built, when nobody signs in again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => ended()),
    );
    await expect(downloadAuditExport(filters)).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });
  });
});
