import { balanceShards, type OrgLoad } from '../../src/jobs/job-file/shard.js';

/** Organization sizes from a Zipf law (s = 1): a few large ones and a long tail, as a PROVIDER's clients are. */
export function generateZipfLoads(orgs: number, largest: number): OrgLoad[] {
  return Array.from({ length: orgs }, (_, rank) => ({ org: 1000 + ((rank * 7919) % 9973), requests: Math.round(largest / (rank + 1)) }));
}

/** The largest shard's estimated requests over the mean, for 100 Zipf-sized organizations over 4 shards. */
export function measureShardBalance(): { shard_balance: number; orgs: number; shards: number } {
  const orgs = 100;
  const shards = 4;
  const loads = generateZipfLoads(orgs, 50_000);
  const plan = balanceShards(loads, shards);
  const totals = new Array<number>(shards).fill(0);
  for (const { org, requests } of loads) {
    const index = (plan.get(org) ?? 1) - 1;
    totals[index] = (totals[index] ?? 0) + requests;
  }
  const mean = totals.reduce((sum, total) => sum + total, 0) / shards;
  return { shard_balance: Math.round((Math.max(...totals) / mean) * 1000) / 1000, orgs, shards };
}
