import { existsSync } from 'node:fs';

/** Reads `.env` when present; variables already set in the environment win. */
export function loadEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
