import { ApiClientError, resumesAfterSignIn } from './api-client';
import { saveBlob } from './download';
import { viewerTimeZone } from './format';

/**
 * `url` with the viewer's zone (`timeZone`) unless it names one already (a period's, the same):
 * the BFF names the file by today in that zone, the viewer's day, as the page's days are.
 */
function withViewerZone(url: string): string {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  if (!params.has('timeZone')) params.set('timeZone', viewerTimeZone());
  return `${path}?${params.toString()}`;
}

/**
 * Downloads a CSV the BFF builds (and audits): the audit log's, the money-requests register's,
 * the fund moves'.
 * Not a plain link: every /api request must carry the X-CSRF header (docs/bff-api.md,
 * Conventions), which a link cannot send; the BFF refuses a link's GET with 403 and the browser
 * then saves nothing, or the refusal under another name.
 */
export async function downloadExport(
  url: string,
  words: {
    /** What a 403 means to the person: their role does not reach this list. */
    forbidden: string;
    /** The file's name when the answer names none. */
    fileName: string;
  },
  resumed = false,
): Promise<void> {
  const response = await fetch(withViewerZone(url), {
    headers: { Accept: 'text/csv', 'X-CSRF': '1' },
    credentials: 'same-origin',
  });
  // The session ended: as every read, it waits for the person to sign in again over the page.
  if (response.status === 401) {
    if (!resumed && (await resumesAfterSignIn())) return downloadExport(url, words, true);
    throw new ApiClientError({
      message: 'Your session has ended. Please sign in again.',
      status: 401,
      code: 'unauthenticated',
      submitted: 'no',
    });
  }
  if (!response.ok) {
    throw new ApiClientError({
      message:
        response.status === 403
          ? words.forbidden
          : 'The export could not be built. Please try again.',
      status: response.status,
      code: response.status === 403 ? 'forbidden' : 'internal',
      submitted: 'no',
    });
  }
  // The BFF writes the file as it reads the register and aborts the answer if a read fails
  // midway: the body then breaks off, and nothing is saved, rather than a file cut short.
  const blob = await response.blob().catch(() => {
    throw new ApiClientError({
      message: 'The export broke off before its end, so no file was saved. Please try again.',
      status: response.status,
      code: 'internal',
      submitted: 'no',
    });
  });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    words.fileName;
  saveBlob(blob, name);
}
