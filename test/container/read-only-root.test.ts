import { chown, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docker, IMAGE } from './run-process.js';
import { makeTempFolder } from './temp-folder.js';

const dir = await makeTempFolder();

/** A reports folder for the container's user (uid 1000) or, with `owner` 0, root's as Docker makes it. */
async function reportsFolder(name: string, owner = 1000): Promise<string> {
  const path = join(dir, name);
  await mkdir(path);
  await chown(path, owner, owner);
  return path;
}

const readOnly = (reports: string, ...more: string[]) => ['run', '--rm', '--network', 'none', '--read-only', ...more, '-v', `${reports}:/app/reports`, IMAGE];

describe('a read-only root', () => {
  it('runs the demo with only the reports and a /tmp tmpfs writable', async () => {
    const reports = await reportsFolder('demo');
    const run = await docker([...readOnly(reports, '--tmpfs', '/tmp'), 'run', 'jobs/demo.yaml', '--emulator']);
    expect(run.code, run.stderr).toBe(0);
    const [started] = await readdir(join(reports, 'demo'));
    expect(await readdir(join(reports, 'demo', started ?? '', 'businesses'))).toContain('results.xlsx');
    expect(run.stderr).not.toContain('Could not');
  });

  it('without a writable /tmp, names TMPDIR rather than the workbook', async () => {
    const reports = await reportsFolder('no-tmp');
    const run = await docker([...readOnly(reports), 'import', 'businesses', 'samples/businesses.xlsx', '--emulator', '--report', 'reports/x']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('a temporary file in /tmp (TMPDIR) first, and that directory cannot take it (EROFS');
    expect(run.stderr).toContain('docker run --tmpfs /tmp');
    expect(run.stderr).not.toContain('not a readable XLSX workbook');
  });

  it('names the user when the reports folder is not writable for it', async () => {
    const reports = await reportsFolder('root-owned', 0);
    const run = await docker([...readOnly(reports, '--tmpfs', '/tmp'), 'import', 'services', 'samples/services.csv', '--emulator', '--report', 'reports/x']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Could not use reports/x: this process (uid 1000) may not write in it (EACCES');
  });
});
