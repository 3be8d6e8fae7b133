import { createHash } from 'node:crypto';

/** Shard K of N (1-based): this process runs the organizations whose stable hash falls to it. */
export interface Shard {
  index: number;
  count: number;
}

export const WHOLE_RUN: Shard = { index: 1, count: 1 };

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new Error(`--shard must be K/N with 1 <= K <= N, for instance 2/4; got '${text}'`);
  }
  return { index, count };
}

/**
 * Whether an organization belongs to this shard. The hash (not `org % N`) keeps the split even
 * whatever the ids; steps for the key's own organization (no org) run in shard 1.
 */
export function isInShard(orgId: number | undefined, shard: Shard): boolean {
  if (orgId === undefined) return shard.index === 1;
  const digest = createHash('sha256').update(String(orgId)).digest();
  return (digest.readUInt32BE(0) % shard.count) + 1 === shard.index;
}
