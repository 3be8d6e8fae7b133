import type { Logger } from 'pino';
import { formatEmulatorBanner } from './emulator-banner.js';
import { createEmulator, type EmulatorOptions } from './emulator.js';
import { startEmulatorServer } from './http-server.js';

export interface RunEmulatorOptions {
  host: string;
  port: number;
  emulator: Partial<EmulatorOptions>;
  /** Resolves when the emulator should stop (the command's SIGINT or SIGTERM). */
  until: Promise<unknown>;
  /** Where the startup line goes (the command's stdout). */
  announce: (line: string) => void;
  /** Lines for a person (a terminal) instead of the JSON line for scripts. */
  human?: boolean;
}

/**
 * Serves the emulator until stopped. The one JSON line announced on start
 * (url, a key and a user id per role) is a public interface: scripts read it;
 * a terminal gets the same in words.
 */
export async function runEmulator(options: RunEmulatorOptions, logger: Logger): Promise<void> {
  const emulator = createEmulator(options.emulator);
  const server = await startEmulatorServer(emulator, { host: options.host, port: options.port });
  const { announce } = options;
  const started = { url: server.url, keys: emulator.keys, users: emulator.users };
  announce(options.human === true ? formatEmulatorBanner(started) : JSON.stringify(started));
  logger.info({ url: server.url, businesses: emulator.state.businesses.size, quirks: options.emulator.quirks ?? {} }, 'emulator listening');
  await options.until;
  await server.close();
  logger.info('emulator stopped');
}
