import { performance } from 'node:perf_hooks';
import { createEmulator } from '../../src/emulator/emulator.js';
import { startEmulatorServer } from '../../src/emulator/http-server.js';

export interface EmulatorFigures {
  emulator_list_ms: number;
  emulator_businesses: number;
  emulator_seed_s: number;
  emulator_heap_mb: number;
}

const BUSINESSES = 100_000;
const SAMPLES = 60;

/** Seeds 100,000 businesses, then times 100-per-page listings over loopback HTTP. */
export async function measureEmulator(): Promise<EmulatorFigures> {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const seedStart = performance.now();
  const emulator = createEmulator({ businesses: BUSINESSES, feedback: 1000, ratePerMinute: 1_000_000 });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const server = await startEmulatorServer(emulator, { port: 0 });
  const durations: number[] = [];
  try {
    const maxPage = Math.ceil(emulator.state.orgBusinesses(1).length / 100);
    for (let i = 0; i < SAMPLES; i++) {
      const page = 1 + ((i * 97) % maxPage);
      const start = performance.now();
      const res = await fetch(`${server.url}/user/${emulator.users.ORG_ADMIN}/businesses?per_page=100&page=${page}`, {
        headers: { 'x-APIKey': emulator.keys.ORG_ADMIN },
      });
      await res.arrayBuffer();
      durations.push(performance.now() - start);
    }
  } finally {
    await server.close();
  }
  durations.sort((a, b) => a - b);
  return {
    emulator_list_ms: round(durations[Math.floor(durations.length / 2)] ?? Number.NaN),
    emulator_businesses: BUSINESSES,
    emulator_seed_s: round(seedSeconds),
    emulator_heap_mb: round(heapMb),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
