import type { Logger } from 'pino';
import type { Role } from '../api/service-facts.js';

/** What every command gets from the entry point: the logger, and a way to ask for an exit code (only main.ts sets it). */
export interface CommandContext {
  logger: Logger;
  requestExit(code: number): void;
}

/** Options every command has (set on the top-level parser). */
export interface GlobalOptions {
  emulator: boolean;
  'emulator-role': Role;
}
