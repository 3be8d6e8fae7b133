import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, totalmem } from 'node:os';
import { measureEmulator } from './measure-emulator.js';
import { measurePacing } from './measure-pacing.js';

/** `npm run bench`: every figure measured in one run, printed as a table and written to reports/bench-latest.json. */
const figures: Record<string, unknown> = {
  ...(await measurePacing()),
  ...(await measureEmulator()),
  budget_note: 'pacing measured at a scaled budget of 1,200/min (10 s window, 150 ms latency) instead of 300/min, to keep the run at 30 s',
  machine: { cores: availableParallelism(), memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version },
  date: new Date().toISOString(),
};
console.table(Object.entries(figures).map(([figure, value]) => ({ figure, value: typeof value === 'object' ? JSON.stringify(value) : value })));
await mkdir('reports', { recursive: true });
await writeFile('reports/bench-latest.json', `${JSON.stringify(figures, null, 2)}\n`);
