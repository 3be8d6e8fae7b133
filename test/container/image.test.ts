import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docker, IMAGE } from './run-process.js';
import { makeTempFolder } from './temp-folder.js';

const dir = await makeTempFolder();

// What only a build, a debugger or a test needs: source maps (ours and the packages'), the benchmark, the msw handlers and msw, sources, npm's logs.
const LEFT_OUT = String.raw`find / -xdev \( -path '/app/*.map' -o -path /app/dist/bench -o -name msw-handlers.js -o -path /app/node_modules/msw -o -path /app/src -o -path '*/.npm/_logs' \) -print`;

describe('the image', () => {
  it('starts the CLI as PID 1, as uid 1000, with only what runs', async () => {
    const [image] = JSON.parse((await docker(['image', 'inspect', IMAGE])).stdout) as { Config: { User: string; Entrypoint: string[] } }[];
    expect(image?.Config).toMatchObject({ User: '1000:1000', Entrypoint: ['node', 'dist/cli/main.js'] });
    const found = await docker(['run', '--rm', '--network', 'none', '--user', '0:0', '--entrypoint', 'sh', IMAGE, '-c', LEFT_OUT]);
    expect(found).toMatchObject({ code: 0, stdout: '' });
  });

  it('prints the usage with --help, and with no argument', async () => {
    for (const args of [['--help'], []]) {
      const run = await docker(['run', '--rm', '--network', 'none', '--read-only', IMAGE, ...args]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('listing-bulk run <jobs..>');
    }
  });

  it('exits 1 on a bad job file, naming the problem', async () => {
    await mkdir(join(dir, 'jobs'));
    await writeFile(join(dir, 'jobs/bad.yaml'), 'name: bad\nsteps:\n  - import: {resource: businesses, source: samples/services.csv, mode: sideways}\n');
    const run = await docker(['run', '--rm', '--network', 'none', '--read-only', '-v', `${dir}/jobs:/app/jobs:ro`, IMAGE, 'run', 'jobs/bad.yaml']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Could not load the job file jobs/bad.yaml: steps[0].import.mode: one of diff, patch.');
  });
});
