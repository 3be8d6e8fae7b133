import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { measureEmulator } from './measure-emulator.js';
import { measureExport } from './measure-export.js';
import { measureMillionRows } from './measure-million-rows.js';
import { measureOrgsCpuCeiling } from './measure-orgs-cpu-ceiling.js';
import { measureOrgsRatio } from './measure-orgs-ratio.js';
import { measurePacing } from './measure-pacing.js';
import { measureShardBalance } from './measure-shard-balance.js';
import { measureSharedOrg } from './measure-shared-org.js';
import { measureSync } from './measure-sync.js';
import { measureValidation } from './measure-validation.js';
import { samplePeakRss } from './sample-peak-rss.js';
import { repeatRuns, spreadOf } from './spread-of.js';

const GOALS: Record<string, string> = {
  pacing_ratio: '≥ 0.97',
  rate_limited: '0',
  naive_speedup: '≥ 2.5',
  diff_base_request_ratio: '≤ 0.021',
  diff_request_ratio: '≤ 0.0301 (no _base)',
  patch_request_ratio: '',
  export_efficiency: '≥ 0.95',
  export_pages_ratio: '',
  csv_overhead: '≤ 1.3',
  xlsx_overhead: '≤ 1.3',
  csv_rows_per_s: '≥ 20,000',
  xlsx_rows_per_s: '≥ 5,000',
  peak_rss_mb: '< 300',
  million_rows_rss_growth_mb: '< 150',
  emulator_list_ms: '',
  shard_balance: '≤ 1.1',
  shared_org_ratio: '≥ 0.9',
  shared_org_429_share: '< 0.02',
  orgs_ratio: '≥ 0.9',
  orgs_rate_limited: '0',
  orgs_cpu_ceiling: '(requests/s; see machine.cores)',
};

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('npm run bench: measures pacing, sync, export, validation, memory and sharding against the built-in emulator (about 9 minutes).\nPrints a table of figures and goals, and writes reports/bench-latest.json. Takes no options.');
  process.exit(0);
}

/**
 * `npm run bench`: every figure measured in one process, printed as a table and written to
 * reports/bench-latest.json. Each read of the 100,000-row files runs in a process of its own, which
 * gives its peak memory; the resident memory of each part of this process is sampled too.
 */
const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  memory_gb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  load_average_at_start: loadavg().map((load) => Math.round(load * 100) / 100),
};
const peaks: Record<string, number> = {};
async function measure<T>(part: string, run: () => Promise<T>): Promise<T> {
  global.gc?.();
  const { result, peakMb } = await samplePeakRss(run);
  peaks[part] = Math.max(peaks[part] ?? 0, peakMb);
  return result;
}

/** The machine is shared and noisy: each timed part runs this many times, and its figures are the medians. */
const TIMED_RUNS = 3;
const ranges: Record<string, [number, number]> = {};
/** The median of a timed figure over the runs; its min and max go to `ranges`. */
function medianOf<T>(figure: string, runs: readonly T[], pick: (run: T) => number): number {
  const { median, min, max } = spreadOf(runs.map(pick));
  ranges[figure] = [min, max];
  return Math.round(median * 1000) / 1000;
}

const started = performance.now();
const validations = await repeatRuns(TIMED_RUNS, () => measure('validation', measureValidation));
const sync = await measure('sync', measureSync);
const million = await measure('million_rows', measureMillionRows);
const exports = await repeatRuns(TIMED_RUNS, () => measure('export', measureExport));
const pacings = await repeatRuns(TIMED_RUNS, () => measure('pacing', measurePacing));
const emulators = await repeatRuns(TIMED_RUNS, () => measure('emulator', measureEmulator));
const shards = measureShardBalance();
const sharedOrg = await measure('shared_org', measureSharedOrg);
const orgs = await measure('orgs', measureOrgsRatio);
const orgsCeiling = await measure('orgs_cpu_ceiling', measureOrgsCpuCeiling);
const [validation] = validations;
const [exported] = exports;
const [pacing] = pacings;
const [emulator] = emulators;
if (validation === undefined || exported === undefined || pacing === undefined || emulator === undefined) throw new Error('a timed part did not run');

const figures: Record<string, unknown> = {
  pacing_ratio: medianOf('pacing_ratio', pacings, (run) => run.pacing_ratio),
  rate_limited: Math.max(...pacings.map((run) => run.rate_limited)),
  naive_speedup: medianOf('naive_speedup', pacings, (run) => run.naive_speedup),
  diff_base_request_ratio: sync.diff_base_request_ratio,
  diff_request_ratio: sync.diff_request_ratio,
  patch_request_ratio: sync.patch_request_ratio,
  export_efficiency: medianOf('export_efficiency', exports, (run) => run.export_efficiency),
  export_pages_ratio: medianOf('export_pages_ratio', exports, (run) => run.export_pages_ratio),
  csv_overhead: medianOf('csv_overhead', validations, (run) => run.csv_overhead),
  xlsx_overhead: medianOf('xlsx_overhead', validations, (run) => run.xlsx_overhead),
  csv_rows_per_s: medianOf('csv_rows_per_s', validations, (run) => run.csv_rows_per_s),
  xlsx_rows_per_s: medianOf('xlsx_rows_per_s', validations, (run) => run.xlsx_rows_per_s),
  peak_rss_mb: medianOf('peak_rss_mb', validations, (run) => run.peak_rss_mb),
  million_rows_rss_growth_mb: million.million_rows_rss_growth_mb,
  emulator_list_ms: medianOf('emulator_list_ms', emulators, (run) => run.emulator_list_ms),
  shard_balance: shards.shard_balance,
  shared_org_ratio: sharedOrg.shared_org_ratio,
  shared_org_429_share: sharedOrg.shared_org_429_share,
  orgs_ratio: orgs.orgs_ratio,
  orgs_rate_limited: orgs.orgs_rate_limited,
  orgs_cpu_ceiling: orgsCeiling.orgs_cpu_ceiling,
  ranges,
  timed_runs: TIMED_RUNS,
  machine,
  budget_note:
    'scaled budgets keep the run short: pacing and export at 1,200/min (10 s window, 150 ms latency) instead of 300/min; ' +
    'the sync at 60,000/min, since its ratios count requests, not time; shared_org at 1,200/min with every time of production divided by 4 (15 s window, 40 ms latency, 60 s run); orgs_ratio at 600/min per organization (10 s window, 40 ms latency) over 20 organizations and orgs_cpu_ceiling with no budget, ' +
    'both with the emulator in a child process on the same cores. peak_rss_mb is the larger peak of the two processes ' +
    'that read and validate the CSV and the XLSX file; rss_peak_mb_by_part samples every part of the benchmark process, the in-process emulator included.',
  pacing: { requests: pacing.requests, seconds: pacing.seconds },
  sync: { rows: sync.rows, changed_rows: sync.changed_rows, diff_base: sync.diff_base, diff: sync.diff, patch: sync.patch },
  export: { pages: exported.pages, requests: exported.requests, seconds: exported.seconds },
  validation: {
    rows: validation.rows,
    csv_raw_s: validation.csv_raw_s,
    xlsx_raw_s: validation.xlsx_raw_s,
    csv_peak_rss_mb: validation.csv_peak_rss_mb,
    xlsx_peak_rss_mb: validation.xlsx_peak_rss_mb,
  },
  million_rows: { rows: million.rows, invalid: million.invalid },
  emulator: { businesses: emulator.emulator_businesses, seed_s: emulator.emulator_seed_s, heap_mb: emulator.emulator_heap_mb },
  shard_plan: { orgs: shards.orgs, shards: shards.shards, sizes: 'Zipf, s = 1' },
  shared_org: { requests: sharedOrg.requests, rate_limited: sharedOrg.rate_limited, seconds: sharedOrg.seconds },
  orgs: { orgs: orgs.orgs, requests: orgs.requests, seconds: orgs.seconds },
  orgs_cpu: { orgs: orgsCeiling.orgs, requests: orgsCeiling.requests, seconds: orgsCeiling.seconds, cores: orgsCeiling.cores },
  rss_peak_mb_by_part: peaks,
  run_s: Math.round((performance.now() - started) / 1000),
  date: new Date().toISOString(),
};

console.table(Object.entries(GOALS).map(([figure, goal]) => ({ figure, value: figures[figure], range: ranges[figure]?.join(' – ') ?? '', goal })));
for (const [key, value] of Object.entries(figures)) {
  if (!(key in GOALS)) console.log(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}
await mkdir('reports', { recursive: true });
await writeFile('reports/bench-latest.json', `${JSON.stringify(figures, null, 2)}\n`);
