import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, readdir, readlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileBytes } from '../../src/sheets/file/read-file-chunks.js';
import { SourceFile, SourceFiles, withSourceFile } from '../../src/sheets/file/source-file.js';
import { makeTempDir } from './make-temp-dir.js';

async function countOpenFiles(path: string): Promise<number> {
  const targets = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target === path).length;
}

async function writeSheet(content = 'code,name\nM1,Crêperie\n'): Promise<string> {
  const path = join(await makeTempDir(), 'stores.csv');
  await writeFile(path, content);
  return path;
}

describe('a sheet file opened once', () => {
  it('scans a CSV once, however many readers ask, and gives its SHA-256 from that scan', async () => {
    const content = 'code,name\nM1,Crêperie\n';
    await withSourceFile(await writeSheet(content), async (file) => {
      const [first, second] = await Promise.all([file.scanText(), file.scanText()]);
      expect(second).toBe(first);
      expect(await file.sha256()).toBe(createHash('sha256').update(content).digest('hex'));
      expect(first).toMatchObject({ encoding: 'utf-8', lines: 2 });
    });
  });

  it('refuses to read on once the file is written to, as a file still being written would be read half done', async () => {
    const path = await writeSheet('code,name\nM1,Crêpe');
    await withSourceFile(path, async (file) => {
      expect(file.findChange()).toBeUndefined();
      await appendFile(path, 'rie\n');
      const change = `Could not read ${path}: the file changed since it was opened (19 bytes when opened, 23 now): something was still writing it`;
      await expect(readFileBytes(file, 0, 100)).rejects.toThrow(change);
      expect(file.findChange()?.message).toContain(change);
    });
  });

  it('refuses a missing file as a sheet error naming it', async () => {
    const path = join(await makeTempDir(), 'missing.csv');
    await expect(SourceFile.open(path)).rejects.toThrow(`Could not read ${path}: the file does not exist.`);
  });

  it('names the file of the folder a missing one may stand for, a missing folder, and a pattern as no path', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'crm-stores-2026-11-28.csv'), 'code\n1\n');
    await expect(SourceFile.open(join(dir, 'crm-stores-2026-11-29.csv'))).rejects.toThrow(`the file does not exist (did you mean ${join(dir, 'crm-stores-2026-11-28.csv')}?)`);
    await expect(SourceFile.open(join(dir, 'gone', 'x.csv'))).rejects.toThrow(`the file does not exist, nor its folder ${join(dir, 'gone')}.`);
    // A relative path is read from the working directory (a job run from another folder than its files'): it is named.
    const gone = relative(process.cwd(), join(dir, 'gone', 'x.csv'));
    await expect(SourceFile.open(gone)).rejects.toThrow(`the file does not exist, nor its folder ${dirname(gone)} in the working directory ${process.cwd()}.`);
    await expect(SourceFile.open(join(dir, 'crm-stores-*.csv'))).rejects.toThrow('the file does not exist (a path names one file, not a pattern: in a job, name the file of the day with {date})');
  });

  it.runIf(existsSync('/proc/self/fd'))('is closed however its use ends, and a job opens each path once', async () => {
    const path = await writeSheet();
    await expect(withSourceFile(path, () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(await countOpenFiles(path)).toBe(0);
    const files = new SourceFiles();
    const [first, again] = await Promise.all([files.open(path), files.open(path)]);
    expect(again).toBe(first);
    expect(await countOpenFiles(path)).toBe(1);
    await files.close();
    expect(await countOpenFiles(path)).toBe(0);
  });
});
