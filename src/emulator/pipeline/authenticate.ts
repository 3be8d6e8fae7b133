import { BlockList, isIP } from 'node:net';
import type { Caller } from './access.js';
import type { EmulatorState } from '../state.js';
import type { ApiKey } from '../state-types.js';
import { formatKeyTimestamp, utcDate } from '../timestamps.js';

/** Finds the caller behind `x-APIKey`, or undefined for a missing, unknown, revoked, expired or out-of-range key. */
export function authenticate(state: EmulatorState, secret: string | null, remoteAddress: string, nowMs: number): Caller | undefined {
  if (secret === null || secret === '') return undefined;
  const key = state.keysBySecret.get(secret);
  if (key === undefined || key.disabled) return undefined;
  // A key expires on its expiration date: it is valid only on the days before.
  if (key.expiration_date !== null && utcDate(nowMs) >= key.expiration_date) return undefined;
  if (!isAllowedAddress(key, remoteAddress)) return undefined;
  const user = state.users.get(key.user_id);
  if (user === undefined) return undefined;
  key.last_used_at = formatKeyTimestamp(nowMs);
  return { key, user };
}

function isAllowedAddress(key: ApiKey, remoteAddress: string): boolean {
  if (key.ip_whitelist.length === 0) return true;
  const address = remoteAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const family = isIP(address);
  if (family === 0) return false;
  return toBlockList(key.ip_whitelist).check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Builds a BlockList from IP and CIDR entries; entries were validated when the key was saved. */
function toBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Whether an entry is an IP address or a CIDR network. */
export function isIpOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}
