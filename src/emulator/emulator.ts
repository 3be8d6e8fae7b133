import { DEFAULT_RATE_PER_MINUTE } from '../api/facts/service-facts.js';
import { FaultInjector, NO_FAULTS, type FaultOptions } from './pipeline/faults.js';
import { createRequestHandler } from './pipeline/handle-request.js';
import type { Quirks } from './pipeline/quirks.js';
import { SlidingWindowLimiter } from './pipeline/rate-limiter.js';
import { ROUTES } from './routes/index.js';
import { DEFAULT_SEED_OPTIONS, seedWorld, type SeedOptions } from './seed/seed.js';
import { seedUnknownCustomField } from './seed/seed-unknown-values.js';

export interface EmulatorOptions extends SeedOptions, FaultOptions {
  ratePerMinute: number;
  /** Length of the sliding window the rate applies to. */
  rateWindowMs: number;
  /** The emulator's clock; tests move it to expire keys or slide the rate window. */
  now: () => number;
  /** Behaviours of a real service to take on (README: quirks); none by default. */
  quirks: Quirks;
}

export const DEFAULT_EMULATOR_OPTIONS: EmulatorOptions = {
  ...DEFAULT_SEED_OPTIONS,
  ...NO_FAULTS,
  ratePerMinute: DEFAULT_RATE_PER_MINUTE,
  rateWindowMs: 60_000,
  now: Date.now,
  quirks: {},
};

/** The API in memory, its seeded world and its keys: every transport (HTTP server, msw) serves its one handler. */
export type Emulator = ReturnType<typeof createEmulator>;

export function createEmulator(options: Partial<EmulatorOptions> = {}) {
  const settings = { ...DEFAULT_EMULATOR_OPTIONS, ...options };
  const { state, keys, users } = seedWorld(settings);
  // Added once the world is seeded, so that its ids and values are those of the plain emulator.
  if (settings.quirks['unknown-values'] === true) seedUnknownCustomField(state);
  const faults = new FaultInjector(settings.seed, settings);
  const limiter = new SlidingWindowLimiter(settings.ratePerMinute, settings.rateWindowMs);
  const handle = createRequestHandler({ state, routes: ROUTES, limiter, faults, now: settings.now, quirks: settings.quirks });
  return { state, keys, users, faults, limiter, handle };
}
