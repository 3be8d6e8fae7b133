import { availableParallelism } from 'node:os';
import { createEmulator } from '../../src/emulator/emulator.js';
import { importAcrossOrgs } from './import-across-orgs.js';
import { startChildEmulator } from './start-child-emulator.js';

export interface OrgsCpuCeilingFigures {
  /** Requests per second one import process sends and gets answered with no budget to wait for. */
  orgs_cpu_ceiling: number;
  orgs: number;
  requests: number;
  seconds: number;
  /** The emulator runs in a process of its own, on the same cores. */
  cores: number;
}

const ORGS = 100;
const BUSINESSES_PER_ORG = 50;
/** No budget to speak of, on either side: the CPU is what ends the rate. */
const UNLIMITED_PER_MINUTE = 1_000_000_000;

/**
 * A PROVIDER import over 100 organizations against an emulator in a child process (`emulator
 * --orgs 100`). The sheet's ids come from the same seed, built here without serving it.
 */
export async function measureOrgsCpuCeiling(): Promise<OrgsCpuCeilingFigures> {
  const seed = { orgs: ORGS, businesses: ORGS * BUSINESSES_PER_ORG, feedback: 0 };
  const emulator = await startChildEmulator(['--orgs', String(seed.orgs), '--businesses', String(seed.businesses), '--feedback', '0', '--rate-per-minute', String(UNLIMITED_PER_MINUTE)]);
  try {
    const { state } = createEmulator(seed);
    const run = await importAcrossOrgs({ url: emulator.url, apiKey: emulator.keys.PROVIDER, businesses: [...state.businesses.values()], ratePerMinute: UNLIMITED_PER_MINUTE });
    return { orgs_cpu_ceiling: Math.round(run.requests / run.seconds), orgs: ORGS, requests: run.requests, seconds: Math.round(run.seconds * 10) / 10, cores: availableParallelism() };
  } finally {
    emulator.close();
  }
}
