import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * Logs go to stderr: JSON for machines, readable on a terminal. API keys are
 * redacted wherever a log record might carry one.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const redact = { paths: ['apiKey', 'key', '*.apiKey', '*.key', 'headers["x-apikey"]', '*.headers["x-apikey"]'], censor: '[redacted]' };
  if (process.stderr.isTTY) {
    return pino({ level, redact }, pretty({ destination: 2, colorize: true, ignore: 'pid,hostname' }));
  }
  return pino({ level, redact }, pino.destination(2));
}
