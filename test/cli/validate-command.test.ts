import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCliInProcess } from './test-io.js';

describe('validate command', () => {
  it('goes on past a job file it cannot load, and reports each file', async () => {
    const dir = await makeTempDir();
    const broken = join(dir, 'broken.yaml');
    const good = join(dir, 'good.yaml');
    await writeFile(broken, 'name: broken\nsteps:\n  - import: {resource: businesses, mode: sideways}\n');
    await writeFile(good, `name: good\nsteps:\n  - export: {resource: businesses, out: ${join(dir, 'out.csv')}}\n`);
    // Job paths must stay under the working directory: the temporary folder plays it.
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    try {
      const result = await runCliInProcess(['validate', broken, good]);
      expect(result.code).toBe(EXIT_CODES.failed);
      expect(result.stderr).toContain(`${broken}: Could not load the job file ${broken}: steps[0].import.source: required; steps[0].import.mode: one of diff, patch`);
      expect(result.stderr).toContain(`${good} / 1. export businesses`);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
