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
