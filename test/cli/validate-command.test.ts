import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { validateCommand } from '../../src/cli/validate-command.js';
import { EXIT_CODES } from '../../src/cli/exit-codes.js';
import { makeTempDir } from '../sheets/make-temp-dir.js';
import { runCommandLine } from './run-command-line.js';

describe('validate command', () => {
  it('goes on past a job file it cannot load, and reports each file', async () => {
    const dir = await makeTempDir();
    const broken = join(dir, 'broken.yaml');
    const good = join(dir, 'good.yaml');
    await writeFile(broken, 'name: broken\nsteps:\n  - import: {resource: businesses, mode: sideways}\n');
    await writeFile(good, `name: good\nsteps:\n  - export: {resource: businesses, out: ${join(dir, 'out.csv')}}\n`);
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => written.push(String(text)) > 0);
    try {
      vi.spyOn(process, 'cwd').mockReturnValue(dir);
      const run = runCommandLine(validateCommand, ['validate', broken, good]);
      await run.parse;
      expect(run.exits).toContain(EXIT_CODES.failed);
    } finally {
      vi.restoreAllMocks();
    }
    expect(written.join('')).toContain(`${broken}: Could not load the job file ${broken}: steps[0].import.source: required; steps[0].import.mode: one of diff, patch`);
    expect(written.join('')).toContain(`${good} / 1. export businesses`);
  });
});
