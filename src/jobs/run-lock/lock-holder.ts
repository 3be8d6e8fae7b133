import { z } from 'zod';
import { readStartTicks, type ProcessIdentity } from './process-identity.js';

/** A lock's content; an earlier version wrote `pid` and `started_at` only. */
export const LockHolderSchema = z.object({
  pid: z.number().int().positive(),
  started_at: z.string(),
  host: z.string().optional(),
  boot_id: z.string().optional(),
  pid_ns: z.string().optional(),
  start_ticks: z.number().int().nonnegative().optional(),
});
export type LockHolder = z.infer<typeof LockHolderSchema>;

/** A lock's holder as found: what it says, and when it last refreshed it (the file's mtime). */
export interface FoundHolder {
  holder: LockHolder;
  refreshedAt: Date;
}

/**
 * A holder this process can probe (same kernel boot and PID namespace) lives while its pid runs
 * with the start time it recorded. Any other (another host or container, an earlier version's
 * lock) lives while it refreshes the lock: one not refreshed for `staleAfterMs` was killed.
 */
export function isHolderAlive({ holder, refreshedAt }: FoundHolder, me: ProcessIdentity, now: Date, staleAfterMs: number): boolean {
  if (canProbe(holder, me)) return isRunning(holder);
  return now.getTime() - refreshedAt.getTime() <= staleAfterMs;
}

/** "process 12 since 10:02", "process 1 on host web-2 since 10:02 (last seen 20 s ago)". */
export function describeHolder({ holder, refreshedAt }: FoundHolder, me: ProcessIdentity, now: Date): string {
  const host = holder.host === undefined || holder.host === me.host ? '' : ` on host ${holder.host}`;
  const seen = canProbe(holder, me) ? '' : ` (last seen ${Math.max(0, Math.round((now.getTime() - refreshedAt.getTime()) / 1000))} s ago)`;
  return `process ${holder.pid}${host} since ${formatTime(new Date(holder.started_at), now)}${seen}`;
}

function canProbe(holder: LockHolder, me: ProcessIdentity): boolean {
  if (me.boot_id !== undefined) return holder.boot_id === me.boot_id && holder.pid_ns === me.pid_ns;
  // Without /proc, the host name is all there is to go by.
  return holder.boot_id === undefined && holder.host !== undefined && holder.host === me.host;
}

function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, under another user.
    if (error instanceof Error && 'code' in error && error.code === 'ESRCH') return false;
  }
  if (holder.start_ticks === undefined) return true;
  // Unreadable (/proc mounted with hidepid): alive, as the probe said.
  const ticks = readStartTicks(holder.pid);
  return ticks === undefined || ticks === holder.start_ticks;
}

/** Local time, with the date when it is not today's. */
function formatTime(date: Date, now: Date): string {
  const time = date.toTimeString().slice(0, 5);
  return date.toDateString() === now.toDateString() ? time : `${date.toLocaleDateString('sv-SE')} ${time}`;
}
