import type { Logger } from 'pino';
import type { RowOrg } from '../import/read-row-org.js';
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

/** An import step whose sheet has rows of several organizations: each shard imports the rows of its own. */
export interface SplitStep {
  /** The shards holding at least one of the sheet's organizations: the step runs in each of them. */
  shards: ReadonlySet<number>;
  /** The shard that imports a row of `org`; an organization the sheet had no row of when planned goes to the first of `shards`. */
  shardOfRow(org: RowOrg): number;
}

export interface ShardPlan {
  shares: ShardShare[];
  /** The shard (1-based) an organization's steps run in; `undefined` is the key's own organization. */
  shardOf(org: number | undefined): number;
  /** The split steps, by index in the job. */
  splitSteps: ReadonlyMap<number, SplitStep>;
}

/** Estimates each organization's requests and spreads whole organizations over the shards. */
export async function planJobShards(job: Job, shard: Shard, counters: LoadCounters, reachable: readonly number[], logger: Logger): Promise<ShardPlan> {
  const { loads, splitSheets } = await estimateOrgLoads(job, counters, reachable);
  const assignment = balanceShards(loads, shard.count);
  const shardOfOrg = (org: RowOrg): number => assignment.get(org) ?? 1;
  const total = loads.reduce((sum, load) => sum + load.requests, 0);
  const shares = Array.from({ length: shard.count }, (_, index): ShardShare => {
    const mine = loads.filter((load) => assignment.get(load.org) === index + 1);
    const requests = mine.reduce((sum, load) => sum + load.requests, 0);
    return { shard: index + 1, requests, share: total === 0 ? 0 : requests / total, orgs: mine.map((load) => load.org) };
  });
  const splitSteps = new Map([...splitSheets].map(([index, orgs]) => [index, splitStep(orgs, shardOfOrg)] as const));
  logger.info({ shard: `${shard.index}/${shard.count}`, shares }, 'organizations spread over the shards by estimated requests');
  return { shares, shardOf: (org) => shardOfOrg(org ?? 'own'), splitSteps };
}

function splitStep(orgs: ReadonlySet<RowOrg>, shardOfOrg: (org: RowOrg) => number): SplitStep {
  const shards = new Set([...orgs].map(shardOfOrg));
  // Every shard computes the same first one: a row the plan did not foresee is imported once.
  const first = Math.min(...shards);
  return { shards, shardOfRow: (org) => (orgs.has(org) ? shardOfOrg(org) : first) };
}
