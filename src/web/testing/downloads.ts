import { HttpResponse } from 'msw';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * The files a page hands to the browser's download (lib/download.ts: an object URL and a link
 * clicked), by name, in the order saved. Caught at the browser's edge rather than by mocking the
 * module: test files share loaded modules (vitest.config.ts, isolate: false), so a module mocked in
 * one file may not be the one a page imported in another.
 */
export function catchDownloads(): string[] {
  const saved: string[] = [];
  const created = URL.createObjectURL;
  const revoked = URL.revokeObjectURL;
  let click: MockInstance<() => void> | null = null;
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = () => 'blob:portal-test';
    URL.revokeObjectURL = () => {};
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (this.href.startsWith('blob:')) saved.push(this.download);
    });
  });
  afterEach(() => {
    URL.createObjectURL = created;
    URL.revokeObjectURL = revoked;
    click?.mockRestore();
  });
  return saved;
}

/** A CSV file as the BFF answers an export: its first line, and the name it gives the file. */
export const csvFile = (firstLine: string, fileName: string) =>
  new HttpResponse(`${firstLine}\r\n`, {
    headers: {
      'Content-Type': 'text/csv',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });
