import { pino, type LogFn, type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { OutputStream } from './output-stream.js';
import type { StatusLine } from './progress/status-line.js';

/** Where a record might carry a key: a key field at the top or one level down, the request header in either spelling. */
const REDACTED_PATHS = [
  'apiKey',
  'api_key',
  'key',
  '*.apiKey',
  '*.api_key',
  '*.key',
  'headers["x-apikey"]',
  'headers["x-APIKey"]',
  '*.headers["x-apikey"]',
  '*.headers["x-APIKey"]',
];

/** pino's levels, in any case: any other name makes pino throw as the logger is made. */
const LOG_LEVELS = [...Object.keys(pino.levels.values), 'silent'];

/** Why LOG_LEVEL cannot be used, or undefined when it names a level. */
export function describeLogLevelProblem(level: string): string | undefined {
  if (LOG_LEVELS.includes(level.toLowerCase())) return undefined;
  return `Could not use LOG_LEVEL '${level}': it names no log level. Set it to ${LOG_LEVELS.slice(0, -1).join(', ')} or silent, or unset it for info.`;
}

/**
 * Logs go to `stderr`: JSON for machines, readable on a terminal. API keys are redacted wherever a
 * log record might carry one.
 */
export function createLogger(level: string, stderr: OutputStream, statusLine?: StatusLine): Logger {
  const redact = { paths: REDACTED_PATHS, censor: '[redacted]' };
  if (stderr.isTTY !== true) return pino({ level, redact }, stderr);
  // A record clears the progress line first; written at once, so that the next redraw comes after it.
  const hooks = {
    logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn) {
      statusLine?.clear();
      method.apply(this, args);
    },
  };
  const prettify = prettyFactory({ colorize: true, ignore: 'pid,hostname' });
  return pino({ level, redact, hooks }, { write: (line: string) => stderr.write(prettify(line)) });
}
