/**
 * Benchmark: the order book page of a busy day (10,000+ orders) in a real browser.
 * The sandbox and the BFF (serving a built SPA) each run in a process of their own on 127.0.0.1,
 * so the browser's driver here never waits behind their work. Signs in with Chromium and measures
 * until the first orders are drawn in the grid and until the whole book (the depth) is shown:
 * cold (the BFF walks the upstream pages) and warm (the BFF's short cache). The page's own clock
 * says when, from the start of the navigation; the driver's wall clock, which adds its round trips
 * to the browser, is printed beside it. Then, on each day's whole book, sorts the orders by price
 * and goes to the next page, each timed from the key press to the frame that shows it. Last,
 * scrolls the grid end to end and counts the grid rows in the DOM.
 *   npx tsx bench/order-book.ts [--smoke]
 *   BENCH_SPA_DIR=.data/other-build npx tsx bench/order-book.ts
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { buildSpa, spaBuildIsStale } from '../src/server/spa-build';
import { freePort } from '../src/server/__tests__/processes';
import { BENCH_PASSWORD } from './bff';
import { fmt, isSmoke, startTarget } from './lib';

/**
 * The build `npm run build` made, when it is current (as in `npm test`); else one of its own.
 * BENCH_SPA_DIR names another build, to compare two versions of the page in turns.
 */
const SPA_DIR =
  process.env.BENCH_SPA_DIR ??
  (spaBuildIsStale(process.cwd(), 'dist') ? '.data/bench-order-book/dist' : 'dist');
/** Weekdays: each cold run opens a day the BFF has not cached yet. */
const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** What the page's clock says, from the start of its navigation (performance.now()). */
interface PageMarks {
  rows?: number;
  whole?: number;
}

/**
 * Runs in the page before its own scripts: notes the frame that first draws an order in the grid,
 * and the one that first shows the depth's heading (it needs the whole book). Plain JavaScript in
 * a string: a function of this file would carry the helpers tsx adds to it into the page.
 */
const WATCH_THE_BOOK = `{
  const marks = (window.__orderBook = {});
  const atNextFrame = (key) => {
    marks[key] = -1;
    requestAnimationFrame(() => (marks[key] = performance.now()));
  };
  const observer = new MutationObserver(() => {
    if (!marks.rows && document.querySelector('[role="grid"][aria-label="Orders"] [data-rowindex]'))
      atNextFrame('rows');
    if (!marks.whole && [...document.querySelectorAll('h3')].some((h) => h.textContent.startsWith('Depth of')))
      atNextFrame('whole');
    if (marks.rows && marks.whole) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}`;

interface Opened {
  /** The page's clock: navigation start to the first orders drawn, and to the depth shown. */
  rowsMs: number;
  wholeMs: number;
  /** The driver's wall clock, from page.goto, for the same two moments. */
  rowsWallMs: number;
  wholeWallMs: number;
  orders: number;
}

/**
 * From navigation to the first orders in the grid (they are shown while the rest of the day is
 * read), and to the whole book (the depth needs every order).
 */
async function openBook(page: Page, date: string): Promise<Opened> {
  // The marks are read each frame: a cheap property read. Waiting with role queries would run
  // Playwright's accessible-name computation in the page at every poll (it shows in the page's
  // CPU profile), on the main thread that is rendering the book.
  const mark = (key: keyof PageMarks) =>
    page
      .waitForFunction(
        (k) => {
          const value = (window as unknown as { __orderBook: PageMarks }).__orderBook[k] ?? 0;
          return value > 0 && value;
        },
        key,
        { timeout: 60_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
  const started = performance.now();
  await page.goto(`/order-book?date=${date}`);
  const rowsMs = await mark('rows');
  const rowsWallMs = performance.now() - started;
  const wholeMs = await mark('whole');
  const wholeWallMs = performance.now() - started;
  // What the marks saw, by role: the grid named Orders with its rows, and the depth.
  const grid = page.getByRole('grid', { name: 'Orders' });
  await grid.locator('[data-rowindex]').first().waitFor();
  await page.getByRole('heading', { name: /^Depth of / }).waitFor();
  const orders = Number(await grid.getAttribute('aria-rowcount')) - 1;
  return { rowsMs, wholeMs, rowsWallMs, wholeWallMs, orders };
}

/**
 * Runs in the page (a string, as WATCH_THE_BOOK is): notes the key press, then the frame that
 * first shows what the step awaited, as the time between them in `__step`.
 */
const watchAStep = (awaited: 'sorted' | 'next page') => `{
  window.__step = 0;
  const isShown = () =>
    ${JSON.stringify(awaited)} === 'sorted'
      ? document.querySelector('[role="columnheader"][data-field="pricePerShare"][aria-sort="ascending"]')
      : [...document.querySelectorAll('.MuiTablePagination-displayedRows')].some((pager) =>
          pager.textContent.startsWith('101–200'));
  addEventListener('keydown', () => (window.__stepStart = performance.now()), { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (!isShown()) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__step = performance.now() - window.__stepStart));
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}`;

/**
 * A person's two steps on the whole book: sort the orders by price, then the next page. Each from
 * its key press to the frame that shows it (the Price header reads ascending; the pager reads
 * 101–200), on the page's clock. Each step changes the page's address (sort and page are kept
 * there), so the route renders again: a heavy render shows here.
 */
async function sortThenPage(page: Page): Promise<{ sortMs: number; pageMs: number }> {
  const grid = page.getByRole('grid', { name: 'Orders' });
  const step = async (press: () => Promise<void>, shown: 'sorted' | 'next page') => {
    await page.evaluate(watchAStep(shown));
    await press();
    const handle = await page.waitForFunction(
      () => (window as unknown as { __step: number }).__step || false,
      undefined,
      { timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number;
  };
  await grid.getByRole('columnheader', { name: 'Price' }).focus();
  const sortMs = await step(() => page.keyboard.press('Enter'), 'sorted');
  await page
    .getByRole('region', { name: 'Orders' })
    .getByRole('button', { name: 'Go to next page' })
    .focus();
  const pageMs = await step(() => page.keyboard.press('Enter'), 'next page');
  return { sortMs, pageMs };
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
  if (!process.env.BENCH_SPA_DIR && spaBuildIsStale(process.cwd(), SPA_DIR)) {
    console.log(`Building the SPA into ${SPA_DIR}…`);
    await buildSpa(SPA_DIR);
  }
  const children: ChildProcess[] = [];
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath, args: ['--no-sandbox'] } : {}),
  });
  try {
    const sandbox = await startTarget('sandbox', {});
    children.push(sandbox.child);
    // The port is known before the BFF starts: it accepts sign-ins only from PUBLIC_URL.
    const port = await freePort();
    const bff = await startTarget('bff', {
      SANDBOX_URL: sandbox.url,
      CLIENT_ID: sandbox.credentials!.clientId,
      API_KEY: sandbox.credentials!.apiKey,
      BENCH_DATABASE_URL: '',
      BENCH_PORT: String(port),
      BENCH_SPA_DIR: SPA_DIR,
    });
    children.push(bff.child);

    const context = await browser.newContext({
      baseURL: bff.url,
      viewport: { width: 1280, height: 900 },
    });
    await context.addInitScript({ content: WATCH_THE_BOOK });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('investor@demo.test');
    await page.getByLabel('Password').fill(BENCH_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

    // Warm-up: JIT of the BFF, the sandbox and the page on a day not measured.
    await openBook(page, '2026-02-27');

    const runs = isSmoke ? 1 : DAYS.length;
    const cold: Opened[] = [];
    const warm: Opened[] = [];
    for (const date of DAYS.slice(0, runs)) {
      cold.push(await openBook(page, date));
      await page.goto('/market-hours');
      warm.push(await openBook(page, date));
    }
    const orders = Math.min(...cold.map((o) => o.orders));
    const steps: { sortMs: number; pageMs: number }[] = [];
    for (const date of DAYS.slice(0, runs)) {
      await openBook(page, date);
      steps.push(await sortThenPage(page));
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
    console.log("measure | page's clock: median | worst | driver's wall clock: median | worst");
    const line = (label: string, page: number[], wall: number[]) =>
      console.log(
        `${label} ms | ${fmt(median(page), 0)} | ${fmt(Math.max(...page), 0)} | ${fmt(median(wall), 0)} | ${fmt(Math.max(...wall), 0)}`,
      );
    const at = (runs: Opened[], key: keyof Opened) => runs.map((run) => run[key]);
    line(
      'cold (BFF walks the upstream): first orders drawn',
      at(cold, 'rowsMs'),
      at(cold, 'rowsWallMs'),
    );
    line('cold: whole book (depth shown)', at(cold, 'wholeMs'), at(cold, 'wholeWallMs'));
    line('warm (BFF cache): orders drawn', at(warm, 'rowsMs'), at(warm, 'rowsWallMs'));
    line('warm: whole book', at(warm, 'wholeMs'), at(warm, 'wholeWallMs'));
    const stepLine = (label: string, values: number[]) =>
      console.log(`${label} ms | ${fmt(median(values), 0)} | ${fmt(Math.max(...values), 0)} | |`);
    stepLine(
      'sort by price (key press to sorted header)',
      steps.map((s) => s.sortMs),
    );
    stepLine(
      'then the next page (key press to 101–200 drawn)',
      steps.map((s) => s.pageMs),
    );
    console.log(
      `grid rows in the DOM while scrolling | ${rows.min}–${rows.max} | of ${orders.toLocaleString('en-US')}`,
    );
  } finally {
    await browser.close();
    for (const child of children) child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runOrderBookBench();
}
