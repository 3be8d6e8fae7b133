import { createEmulator } from '../../src/emulator/emulator.js';
import { importAcrossOrgs } from './import-across-orgs.js';
import { startChildEmulator } from './start-child-emulator.js';

export interface OrgsRatioFigures {
  /** Requests per second charged to the organizations, over ORGS times one organization's budget. */
  orgs_ratio: number;
  /** 429s the import caused itself: nothing else talks to the emulator. */
  orgs_rate_limited: number;
  orgs: number;
  requests: number;
  seconds: number;
}

const ORGS = 20;
/** Scaled so the run is short: a 10 s window, 10 requests/s per organization, 200 over the 20. */
const RATE_PER_MINUTE = 600;
const WINDOW_S = 10;
const LATENCY_MS = 40;
/** About 20 s at the full budget of the 20 organizations. */
const BUSINESSES_PER_ORG = 200;

/**
 * A PROVIDER import over 20 organizations, each with its own budget: how much of their combined
 * budget one process uses. The emulator runs in a child process, so that its work is not the
 * import's; the sheet's ids come from the same seed, built here without serving it.
 */
export async function measureOrgsRatio(): Promise<OrgsRatioFigures> {
  const seed = { orgs: ORGS, businesses: ORGS * BUSINESSES_PER_ORG, feedback: 0 };
  const emulator = await startChildEmulator([
    ...['--orgs', String(seed.orgs), '--businesses', String(seed.businesses), '--feedback', '0'],
    ...['--rate-per-minute', String(RATE_PER_MINUTE), '--rate-window-s', String(WINDOW_S), '--latency-ms', String(LATENCY_MS)],
  ]);
  try {
    const { state } = createEmulator(seed);
    const run = await importAcrossOrgs({ url: emulator.url, apiKey: emulator.keys.PROVIDER, businesses: [...state.businesses.values()], ratePerMinute: RATE_PER_MINUTE });
    return {
      orgs_ratio: Math.round((run.orgRequests / run.seconds / ((ORGS * RATE_PER_MINUTE) / 60)) * 1000) / 1000,
      orgs_rate_limited: run.rateLimited,
      orgs: ORGS,
      requests: run.requests,
      seconds: Math.round(run.seconds * 10) / 10,
    };
  } finally {
    emulator.close();
  }
}
