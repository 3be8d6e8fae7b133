import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ReportDirError } from './report-dir-error.js';

export const LOCK_FILE = 'run.lock';

export interface ReportDirLock {
  release(): void;
}

const LockHolderSchema = z.object({ pid: z.number().int().positive(), started_at: z.string() });
type LockHolder = z.infer<typeof LockHolderSchema>;

/**
 * `run.lock` in the report directory, created only when absent: two runs writing one report would
 * list rows twice and interleave their journals. A lock whose process is gone (killed) is taken
 * over; the lock is removed when the run ends, or at the latest when the process exits.
 */
export function lockReportDir(dir: string): ReportDirLock {
  const path = join(dir, LOCK_FILE);
  const holder: LockHolder = { pid: process.pid, started_at: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path, holder)) return holdLock(path);
    const text = readLock(path);
    const current = text === undefined ? undefined : parseHolder(text);
    if (current !== undefined && isAlive(current.pid)) throw inUse(dir, current);
    // Removed only while it still is the dead run's lock: of two runs taking it over, one wins.
    if (text !== undefined && readLock(path) === text) rmSync(path, { force: true });
  }
  throw inUse(dir, parseHolder(readLock(path) ?? ''));
}

function holdLock(path: string): ReportDirLock {
  const remove = (): void => {
    rmSync(path, { force: true });
  };
  // A run that fails on its way out frees the directory when the process ends.
  process.once('exit', remove);
  return {
    release() {
      process.off('exit', remove);
      remove();
    },
  };
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

function tryCreate(path: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** A lock cut short (a process killed as it wrote it) holds no one: it is taken over. */
function parseHolder(text: string): LockHolder | undefined {
  try {
    const parsed = LockHolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, under another user.
    return !(error instanceof Error && 'code' in error && error.code === 'ESRCH');
  }
}

function inUse(dir: string, holder: LockHolder | undefined): ReportDirError {
  const since = holder === undefined ? '' : ` since ${formatTime(new Date(holder.started_at))}`;
  return new ReportDirError(dir, `it is in use by process ${holder?.pid ?? '(unknown)'}${since}`, 'Wait for it to end, or use another --report.');
}

/** Local time, with the date when it is not today's. */
function formatTime(date: Date): string {
  const time = date.toTimeString().slice(0, 5);
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString('sv-SE')} ${time}`;
}
