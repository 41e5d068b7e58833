/**
 * Benchmark: the order book page of a busy day (10,000+ orders) in a real browser.
 * Starts the sandbox and the BFF in this process on 127.0.0.1 (ephemeral ports) with a built SPA,
 * signs in with Chromium, and measures from navigation until the first orders are in the grid and
 * until the whole book (the depth) is shown: cold (the BFF walks the upstream pages) and warm (the
 * BFF's short cache). Then scrolls
 * the grid end to end and counts the grid rows in the DOM.
 *   npx tsx bench/order-book.ts [--smoke]
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { startSandbox } from '../src/sandbox/index';
import { buildSpa, spaBuildIsStale } from '../src/server/spa-build';
import { openStore } from '../src/server/store/db';
import { freePort } from '../src/server/__tests__/processes';
import { BENCH_PASSWORD, startBenchBff } from './bff';
import { fmt, isSmoke } from './lib';

/** The build `npm run build` made, when it is current (as in `npm test`); else one of its own. */
const SPA_DIR = spaBuildIsStale(process.cwd(), 'dist') ? '.data/bench-order-book/dist' : 'dist';
/** Weekdays: each cold run opens a day the BFF has not cached yet. */
const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * From navigation to the first orders in the grid (they are shown while the rest of the day is
 * read), and to the whole book (the depth needs every order).
 */
async function openBook(
  page: Page,
  date: string,
): Promise<{ rowsMs: number; wholeMs: number; orders: number }> {
  const started = performance.now();
  await page.goto(`/order-book?date=${date}`);
  const grid = page.getByRole('grid', { name: 'Orders' });
  await grid.locator('[data-rowindex]').first().waitFor({ timeout: 60_000 });
  const rowsMs = performance.now() - started;
  await page.getByRole('heading', { name: /^Depth of / }).waitFor({ timeout: 60_000 });
  const wholeMs = performance.now() - started;
  const orders = Number(await grid.getAttribute('aria-rowcount')) - 1;
  return { rowsMs, wholeMs, orders };
}

async function scrollRows(page: Page, steps: number): Promise<{ max: number; min: number }> {
  // The grid's own scroller (MUI X DataGrid); it holds a page of 100 orders.
  const grid = page.getByRole('grid', { name: 'Orders' });
  const scroller = grid.locator('.MuiDataGrid-virtualScroller');
  let max = 0;
  let min = Number.POSITIVE_INFINITY;
  for (let step = 0; step <= steps; step += 1) {
    await scroller.evaluate((element, fraction) => {
      element.scrollTop = (element.scrollHeight - element.clientHeight) * fraction;
    }, step / steps);
    // Two animation frames: the grid renders the rows of the new position on the next frame.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    const rows = await grid.locator('[data-rowindex]').count();
    max = Math.max(max, rows);
    min = Math.min(min, rows);
  }
  return { max, min };
}

export async function runOrderBookBench() {
  if (spaBuildIsStale(process.cwd(), SPA_DIR)) {
    console.log(`Building the SPA into ${SPA_DIR}…`);
    await buildSpa(SPA_DIR);
  }
  const sandbox = await startSandbox({ port: 0, dataDir: null });
  // The port is known before the app starts: the BFF accepts sign-ins only from PUBLIC_URL.
  const port = await freePort();
  const db = await openStore({ dataDir: null });
  const { app, url: baseURL } = await startBenchBff({
    sandbox,
    db,
    port,
    spaDir: SPA_DIR,
  });
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath, args: ['--no-sandbox'] } : {}),
  });
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 900 } });
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('investor@demo.test');
    await page.getByLabel('Password').fill(BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

    // Warm-up: JIT of the BFF, the sandbox and the page on a day not measured.
    await openBook(page, '2026-02-27');

    const runs = isSmoke ? 1 : DAYS.length;
    const cold = { rows: [] as number[], whole: [] as number[] };
    const warm = { rows: [] as number[], whole: [] as number[] };
    let orders = 0;
    for (const date of DAYS.slice(0, runs)) {
      const first = await openBook(page, date);
      cold.rows.push(first.rowsMs);
      cold.whole.push(first.wholeMs);
      orders = Math.min(orders || first.orders, first.orders);
      await page.goto('/market-hours');
      const again = await openBook(page, date);
      warm.rows.push(again.rowsMs);
      warm.whole.push(again.wholeMs);
    }
    const rows = await scrollRows(page, isSmoke ? 10 : 60);

    console.log(
      `Order book page, ${runs} day(s) of at least ${orders.toLocaleString('en-US')} orders`,
    );
    // The figures depend on what else runs: say how busy the machine was.
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')}`,
    );
    console.log('measure | median | worst');
    const line = (label: string, values: number[]) =>
      console.log(`${label} ms | ${fmt(median(values), 0)} | ${fmt(Math.max(...values), 0)}`);
    line('cold (BFF walks the upstream): first orders in the grid', cold.rows);
    line('cold: whole book (depth shown)', cold.whole);
    line('warm (BFF cache): orders in the grid', warm.rows);
    line('warm: whole book', warm.whole);
    console.log(
      `grid rows in the DOM while scrolling | ${rows.min}–${rows.max} | of ${orders.toLocaleString('en-US')}`,
    );
    return {
      orders,
      coldRowsMs: median(cold.rows),
      coldMs: median(cold.whole),
      warmMs: median(warm.whole),
      domRows: rows.max,
    };
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
    await sandbox.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runOrderBookBench();
}
