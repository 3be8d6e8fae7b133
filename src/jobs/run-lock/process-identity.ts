import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * A process as a lock records it. In a container the CLI is PID 1, as it is in the next container:
 * the pid alone names no one. On Linux the boot id and the PID namespace tell whether `pid` is a
 * process this one can probe, and its start time tells it from a later process given the same pid.
 */
export interface ProcessIdentity {
  pid: number;
  host: string;
  /** Linux: /proc/sys/kernel/random/boot_id, new at every boot. */
  boot_id?: string;
  /** Linux: the PID namespace, e.g. `pid:[4026531836]`: each container has its own. */
  pid_ns?: string;
  /** Linux: the start time in clock ticks since boot (/proc/<pid>/stat, field 22). */
  start_ticks?: number;
}

let own: ProcessIdentity | undefined;

export function readOwnIdentity(): ProcessIdentity {
  own ??= {
    pid: process.pid,
    host: hostname(),
    boot_id: readOrUndefined(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    pid_ns: readOrUndefined(() => readlinkSync('/proc/self/ns/pid')),
    start_ticks: readStartTicks(process.pid),
  };
  return own;
}

/** Undefined where there is no /proc, or the process is gone. */
export function readStartTicks(pid: number): number | undefined {
  const stat = readOrUndefined(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (stat === undefined) return undefined;
  // Field 2, the command name, may hold spaces and parentheses: fields are counted after its last ')', from field 3.
  const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3]);
  return Number.isSafeInteger(ticks) ? ticks : undefined;
}

function readOrUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
