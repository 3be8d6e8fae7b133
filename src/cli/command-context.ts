import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Role } from '../api/facts/service-facts.js';
import type { Clock } from '../api/pacing/clock.js';
import type { OutputStream } from './output-stream.js';
import type { StatusLine } from './progress/status-line.js';

/** Where SIGINT and SIGTERM come from: `process` for the binary, an EventEmitter in tests. */
export interface SignalSource {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/** What the CLI runs with: the binary wires `process` to it; tests give their own. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: OutputStream;
  stderr: OutputStream;
  /** What `import <resource> -` reads; none where nothing can be piped. */
  stdin?: Readable & { isTTY?: boolean };
  signals: SignalSource;
  /** Time as pacing, retries and `--emulator` see it: the system's, unless a test gives one that never waits. */
  clock?: Clock;
}

/** What every command gets from the entry point: its io, the logger, and a way to ask for an exit code (only runCli decides it). */
export interface CommandContext {
  io: CliIo;
  logger: Logger;
  /** The progress line at the bottom of a terminal's stderr, which the logger clears before a record. */
  statusLine: StatusLine;
  requestExit(code: number): void;
  /** A command's closing line (a step's outcome, an import's counts): as it is on a terminal, a log record elsewhere, so that stderr stays JSON lines. */
  tell: (line: string) => void;
}

/** Options every command has (set on the top-level parser). */
export interface GlobalOptions {
  emulator: boolean;
  'emulator-role': Role;
}
