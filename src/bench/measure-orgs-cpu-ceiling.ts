import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../emulator/emulator.js';
import { importAcrossOrgs } from './import-across-orgs.js';

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
const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));

/**
 * A PROVIDER import over 100 organizations against an emulator started by the CLI in a child
 * process (`emulator --orgs 100`), so that the import's process has its CPU to itself as far as
 * the cores allow. The sheet's ids come from the same seed, built here without serving it.
 */
export async function measureOrgsCpuCeiling(): Promise<OrgsCpuCeilingFigures> {
  const seed = { orgs: ORGS, businesses: ORGS * BUSINESSES_PER_ORG, feedback: 0 };
  const child = spawn(
    process.execPath,
    [CLI, 'emulator', '--port', '0', '--orgs', String(seed.orgs), '--businesses', String(seed.businesses), '--feedback', '0', '--rate-per-minute', String(UNLIMITED_PER_MINUTE)],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const { url, keys } = JSON.parse(line) as { url: string; keys: { PROVIDER: string } };
    const { state } = createEmulator(seed);
    const run = await importAcrossOrgs({ url, apiKey: keys.PROVIDER, businesses: [...state.businesses.values()], ratePerMinute: UNLIMITED_PER_MINUTE });
    return { orgs_cpu_ceiling: Math.round(run.requests / run.seconds), orgs: ORGS, requests: run.requests, seconds: Math.round(run.seconds * 10) / 10, cores: availableParallelism() };
  } finally {
    child.kill('SIGTERM');
  }
}
