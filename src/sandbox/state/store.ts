/**
 * Owns the sandbox state: loading the snapshot, seeding, derived indexes and debounced atomic
 * snapshots after mutations. `dataDir: null` keeps everything in memory (tests).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SandboxState, Trade } from './model.js';
import { seedState } from './seed.js';

const SNAPSHOT = 'state.json';
const DEBOUNCE_MS = 250;

export class Store {
  state: SandboxState;
  private tradesByOffering = new Map<string, Trade[]>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataDir: string | null,
    now: number,
  ) {
    this.state = this.load() ?? seedState(now);
    this.reindex();
    if (this.dataDir && !existsSync(path.join(this.dataDir, SNAPSHOT))) this.changed();
  }

  reset(now: number): void {
    this.state = seedState(now);
    this.reindex();
    this.changed();
  }

  tradesOf(offeringId: string): readonly Trade[] {
    return this.tradesByOffering.get(offeringId) ?? [];
  }

  addTrade(trade: Trade): void {
    this.state.trades.push(trade);
    const list = this.tradesByOffering.get(trade.offeringId);
    if (list) list.push(trade);
    else this.tradesByOffering.set(trade.offeringId, [trade]);
  }

  /** Schedules a snapshot; bursts of mutations collapse into one write. */
  changed(): void {
    if (!this.dataDir || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writing = this.writing.then(() => this.writeSnapshot());
    }, DEBOUNCE_MS);
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.writing = this.writing.then(() => this.writeSnapshot());
    }
    await this.writing;
  }

  private reindex(): void {
    this.tradesByOffering = new Map();
    for (const trade of this.state.trades) {
      const list = this.tradesByOffering.get(trade.offeringId);
      if (list) list.push(trade);
      else this.tradesByOffering.set(trade.offeringId, [trade]);
    }
  }

  private load(): SandboxState | null {
    if (!this.dataDir) return null;
    const file = path.join(this.dataDir, SNAPSHOT);
    if (!existsSync(file)) return null;
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
      return parsed.version === 1 ? parsed : null;
    } catch {
      // A damaged snapshot is replaced by a fresh seed rather than stopping the sandbox.
      return null;
    }
  }

  /** Write to a temporary file, then rename: readers never see half a snapshot. */
  private async writeSnapshot(): Promise<void> {
    if (!this.dataDir) return;
    await mkdir(this.dataDir, { recursive: true });
    const file = path.join(this.dataDir, SNAPSHOT);
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(this.state));
    await rename(temporary, file);
  }
}

export async function readSnapshot(dataDir: string): Promise<SandboxState> {
  return JSON.parse(await readFile(path.join(dataDir, SNAPSHOT), 'utf8')) as SandboxState;
}
