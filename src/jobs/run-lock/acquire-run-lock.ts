import { closeSync, linkSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { makeTempOutputName } from '../../sheets/file/temp-output-name.js';
import type { UserError } from '../../user-error.js';
import { describeHolder, isHolderAlive, LockHolderSchema, type FoundHolder, type LockHolder } from './lock-holder.js';
import { readOwnIdentity } from './process-identity.js';

export interface RunLock {
  release(): void;
}

export interface RunLockOptions {
  /** Told when a lock its run left behind is taken over. */
  logger: Logger;
  /** The error for a lock a live run holds; `holder` reads e.g. "process 12 on host web-2 since 10:02". */
  refuse: (holder: string) => UserError;
  /** How often the holder refreshes the lock's mtime, for runs that cannot probe its process. */
  heartbeatMs?: number;
  /** A lock whose holder cannot be probed and that was not refreshed for this long is taken over. */
  staleAfterMs?: number;
  now?: () => Date;
}

const HEARTBEAT_MS = 10_000;
/** Six missed heartbeats: a run whose event loop stalls a while keeps its lock. */
const STALE_AFTER_MS = 6 * HEARTBEAT_MS;

/** File systems without hard links (some network shares): the lock is written in place there. */
const NO_HARD_LINKS: ReadonlySet<unknown> = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

interface FoundLock {
  text: string;
  refreshedAt: Date;
}

/** The removers of the locks this process holds, run when it exits. */
const held = new Set<() => void>();

/**
 * A lock file created only when absent, holding this process's identity (process-identity.ts),
 * refreshed every `heartbeatMs` while held. A lock whose holder is gone (killed, its container
 * stopped) is taken over with a warning; a live holder's is refused with `refuse`. The lock is
 * removed on release, or at the latest when the process exits.
 */
export function acquireRunLock(path: string, options: RunLockOptions): RunLock {
  const { logger, refuse, staleAfterMs = STALE_AFTER_MS, now = () => new Date() } = options;
  const me = readOwnIdentity();
  const text = `${JSON.stringify({ ...me, started_at: now().toISOString() })}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path, text)) return holdLock(path, text, options.heartbeatMs ?? HEARTBEAT_MS, now);
    const found = readLock(path);
    if (found === undefined) continue;
    const holder = parseHolder(found.text);
    const current: FoundHolder | undefined = holder === undefined ? undefined : { holder, refreshedAt: found.refreshedAt };
    if (current !== undefined && isHolderAlive(current, me, now(), staleAfterMs)) throw refuse(describeHolder(current, me, now()));
    // Removed only while it still is the dead run's lock: of two runs taking it over, one wins.
    if (readLock(path)?.text !== found.text) continue;
    rmSync(path, { force: true });
    const warning =
      current === undefined
        ? `Took over ${path}, cut short by a run killed as it wrote it.`
        : `Took over ${path} from ${describeHolder(current, me, now())}, which is gone (killed, or its container stopped).`;
    logger.warn({ lock: path }, warning);
  }
  throw refuse('another process');
}

function holdLock(path: string, text: string, heartbeatMs: number, now: () => Date): RunLock {
  const heartbeat = setInterval(() => {
    const at = now();
    try {
      utimesSync(path, at, at);
    } catch {
      // Removed or unwritable: the run's own files fail where it matters, and a lock not refreshed is only taken over.
    }
  }, heartbeatMs).unref();
  const remove = (): void => {
    clearInterval(heartbeat);
    held.delete(remove);
    if (held.size === 0) process.off('exit', removeHeldLocks);
    try {
      // Another run's lock, after this one was taken over as stale, stays.
      if (readLock(path)?.text === text) rmSync(path, { force: true });
    } catch {
      // A lock that cannot be removed is taken over by the next run once it goes stale.
    }
  };
  if (held.size === 0) process.once('exit', removeHeldLocks);
  held.add(remove);
  return { release: remove };
}

function removeHeldLocks(): void {
  for (const remove of held) remove();
}

/** Written aside, then linked into place: no run ever reads a lock half written. */
function tryCreate(path: string, text: string): boolean {
  const temp = join(dirname(path), makeTempOutputName(basename(path)));
  try {
    writeFileSync(temp, text, { flag: 'wx', mode: 0o600 });
    linkSync(temp, path);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(codeOf(error))) throw error;
    return createInPlace(path, text);
  } finally {
    rmSync(temp, { force: true });
  }
}

function createInPlace(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(path: string): FoundLock | undefined {
  try {
    return { text: readFileSync(path, 'utf8'), refreshedAt: statSync(path).mtime };
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** A lock cut short (written in place, by a run killed as it wrote it) holds no one: it is taken over. */
function parseHolder(text: string): LockHolder | undefined {
  try {
    const parsed = LockHolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function codeOf(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}
