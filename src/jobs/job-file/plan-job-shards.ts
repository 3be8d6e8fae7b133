import type { Logger } from 'pino';
import { estimateOrgLoads, type LoadCounters } from './estimate-org-loads.js';
import type { Job } from './job-schema.js';
import { balanceShards, type Shard } from './shard.js';

/** One shard's part of the job, as every shard computes it. */
export interface ShardShare {
  shard: number;
  /** Estimated requests. */
  requests: number;
  /** Of the whole job's estimated requests, 0 to 1. */
  share: number;
  orgs: (number | 'own')[];
}

export interface ShardPlan {
  shares: ShardShare[];
  /** The shard (1-based) an organization's steps run in; `undefined` is the key's own organization. */
  shardOf(org: number | undefined): number;
}

/** Estimates each organization's requests and spreads whole organizations over the shards. */
export async function planJobShards(job: Job, shard: Shard, counters: LoadCounters, reachable: readonly number[], logger: Logger): Promise<ShardPlan> {
  const loads = await estimateOrgLoads(job, counters, reachable);
  const assignment = balanceShards(loads, shard.count);
  const total = loads.reduce((sum, load) => sum + load.requests, 0);
  const shares = Array.from({ length: shard.count }, (_, index): ShardShare => {
    const mine = loads.filter((load) => assignment.get(load.org) === index + 1);
    const requests = mine.reduce((sum, load) => sum + load.requests, 0);
    return { shard: index + 1, requests, share: total === 0 ? 0 : requests / total, orgs: mine.map((load) => load.org) };
  });
  logger.info({ shard: `${shard.index}/${shard.count}`, shares }, 'organizations spread over the shards by estimated requests');
  return { shares, shardOf: (org) => assignment.get(org ?? 'own') ?? 1 };
}
