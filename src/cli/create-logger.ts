import { pino, type DestinationStream, type LogFn, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { stderrStatusLine } from './progress/status-line.js';

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
 * Logs go to stderr (or `destination`): JSON for machines, readable on a terminal. API keys are
 * redacted wherever a log record might carry one.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const redact = { paths: REDACTED_PATHS, censor: '[redacted]' };
  if (destination !== undefined) return pino({ level, redact }, destination);
  if (process.stderr.isTTY) {
    // A record clears the progress line first; written at once, so that the next redraw comes after it.
    const hooks = {
      logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn) {
        stderrStatusLine.clear();
        method.apply(this, args);
      },
    };
    return pino({ level, redact, hooks }, pretty({ destination: 2, sync: true, colorize: true, ignore: 'pid,hostname' }));
  }
  return pino({ level, redact }, pino.destination(2));
}
