import type { Logger } from 'pino';
import { readApiSettings, type ApiSettings, type ApiSources } from '../api/api-settings.js';
import type { Role } from '../api/facts/service-facts.js';
import { epochTimeOf, type Clock } from '../api/pacing/clock.js';
import { createEmulator } from '../emulator/emulator.js';
import { startEmulatorServer } from '../emulator/http-server.js';

export interface ApiTargetOptions {
  /** Start the built-in emulator in this process and use it instead of LISTING_API_URL. */
  emulator: boolean;
  /** Whose seeded key the command uses on the emulator. */
  emulatorRole: Role;
}

export interface ApiTarget {
  settings: ApiSettings;
  close(): Promise<void>;
}

/**
 * Where a command sends its requests: the configured API, or an emulator started for the command
 * (`--emulator`). An emulator started for a `clock` keeps its time, so that its rate window slides
 * as the client's pacing sees time pass.
 */
export async function openApiTarget(options: ApiTargetOptions & { sources?: ApiSources }, env: NodeJS.ProcessEnv, logger: Logger, clock?: Clock): Promise<ApiTarget> {
  if (!options.emulator) {
    const settings = await readApiSettings(env, options.sources);
    warnOfPlainHttp(settings.baseUrl, logger);
    return { settings, close: () => Promise.resolve() };
  }
  const emulator = createEmulator(clock === undefined ? {} : { now: epochTimeOf(clock) });
  const server = await startEmulatorServer(emulator, { port: 0 });
  logger.info({ url: server.url, role: options.emulatorRole }, 'started the built-in emulator');
  return { settings: { baseUrl: server.url, apiKey: emulator.keys[options.emulatorRole] }, close: () => server.close() };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Plain http carries the key readable by anyone on the way: fine on this machine, worth a word anywhere else. */
function warnOfPlainHttp(baseUrl: string, logger: Logger): void {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || LOOPBACK.test(url.hostname)) return;
  logger.warn(
    { url: baseUrl },
    'the API address is http://, so the API key travels unencrypted to it: use https:// unless the network between is one you trust (a container network, for instance)',
  );
}
