import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadJob } from '../../../src/jobs/job-file/load-job.js';
import { runCliInProcess } from '../../cli/test-io.js';

/** What jobs/README.md says to set for the jobs that read the environment. */
const ENV = { CRM_EXPORT_DIR: 'samples' };

describe('the example jobs in jobs/', () => {
  it('pass validate; the demo lists the mistakes its sheets hold on purpose', { timeout: 60_000 }, async () => {
    const files = (await readdir('jobs')).filter((name) => name.endsWith('.yaml')).sort();
    expect(files).toContain('demo.yaml');
    for (const file of files) {
      const result = await runCliInProcess(['validate', `jobs/${file}`], ENV);
      if (file === 'demo.yaml') {
        // Its steps continue on error, as the run does: the mistakes are listed, and the job passes.
        expect(result.code).toBe(0);
        expect(result.stderr).toContain('jobs/demo.yaml / import businesses (samples/businesses.xlsx): 2 of 21 rows invalid (on_error: continue: the run reports them and goes on)');
        expect(result.stderr).toContain('jobs/demo.yaml / import services (samples/services.csv): 1 of 23 rows invalid');
        expect(result.stderr).toContain('jobs/demo.yaml / import attributes (samples/attributes.csv): 2 of 26 rows invalid');
      } else {
        expect([file, result.code, result.stderr]).toEqual([file, 0, expect.not.stringContaining('invalid') as unknown]);
      }
    }
  });

  it('weekly-feedback-export takes each result in one weekly file: the seven whole days before the run, not the morning of the run, which the next week takes', async () => {
    const filtersOn = async (now: string) => {
      const [step] = (await loadJob('jobs/weekly-feedback-export.yaml', { env: {}, now: new Date(now) })).steps;
      return step !== undefined && 'export' in step ? step.export.filters : undefined;
    };
    const [week, next] = await Promise.all([filtersOn('2026-11-21T06:30:00Z'), filtersOn('2026-11-28T06:30:00Z')]);
    expect(week).toEqual({ since: '2026-11-14', until: '2026-11-20' });
    expect(next).toEqual({ since: '2026-11-21', until: '2026-11-27' });
  });
});
