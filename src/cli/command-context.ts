import type { Logger } from 'pino';

/** What every command gets from the entry point: the logger, and a way to ask for an exit code (only main.ts sets it). */
export interface CommandContext {
  logger: Logger;
  requestExit(code: number): void;
}
