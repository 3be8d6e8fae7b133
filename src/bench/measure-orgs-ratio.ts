import { createEmulator } from '../emulator/emulator.js';
import { startEmulatorServer } from '../emulator/http-server.js';
import { importAcrossOrgs } from './import-across-orgs.js';

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
const WINDOW_MS = 10_000;
const LATENCY_MS = 40;
/** About 20 s at the full budget of the 20 organizations. */
const BUSINESSES_PER_ORG = 200;

/** A PROVIDER import over 20 organizations, each with its own budget: how much of their combined budget one process uses. */
export async function measureOrgsRatio(): Promise<OrgsRatioFigures> {
  const emulator = createEmulator({ orgs: ORGS, businesses: ORGS * BUSINESSES_PER_ORG, feedback: 0, ratePerMinute: RATE_PER_MINUTE, rateWindowMs: WINDOW_MS, latencyMs: LATENCY_MS });
  const server = await startEmulatorServer(emulator, { port: 0 });
  try {
    const run = await importAcrossOrgs({ url: server.url, apiKey: emulator.keys.PROVIDER, businesses: [...emulator.state.businesses.values()], ratePerMinute: RATE_PER_MINUTE });
    return {
      orgs_ratio: Math.round((run.orgRequests / run.seconds / ((ORGS * RATE_PER_MINUTE) / 60)) * 1000) / 1000,
      orgs_rate_limited: run.rateLimited,
      orgs: ORGS,
      requests: run.requests,
      seconds: Math.round(run.seconds * 10) / 10,
    };
  } finally {
    await server.close();
  }
}
