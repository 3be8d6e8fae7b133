import { UsageError } from '../../user-error.js';

/** Shard K of N (1-based): this process runs the organizations the balanced plan gives to shard K. */
export interface Shard {
  index: number;
  count: number;
}

export const WHOLE_RUN: Shard = { index: 1, count: 1 };

/**
 * `K/N`, or `auto` inside a Kubernetes Indexed Job: K from JOB_COMPLETION_INDEX (0-based there), N
 * from JOB_COMPLETIONS (set it to the Job's `completions`).
 */
export function parseShard(text: string, env: NodeJS.ProcessEnv = {}): Shard {
  const given = text.trim() === 'auto' ? fromIndexedJob(env) : text;
  const match = /^(\d+)\/(\d+)$/.exec(given.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new UsageError(`Could not read --shard '${given}': it must be K/N, shard K of N with 1 <= K <= N. Give --shard 2/4 for the second of four, or --shard auto in a Kubernetes Indexed Job.`);
  }
  return { index, count };
}

function fromIndexedJob(env: NodeJS.ProcessEnv): string {
  const index = env.JOB_COMPLETION_INDEX;
  const count = env.JOB_COMPLETIONS;
  if (index === undefined || count === undefined || !/^\d+$/.test(index)) {
    throw new UsageError(
      'Could not read --shard auto: it needs JOB_COMPLETION_INDEX, which a Kubernetes Indexed Job sets, and JOB_COMPLETIONS, which it does not. Set JOB_COMPLETIONS to the Job\'s completions, or give --shard K/N.',
    );
  }
  return `${Number(index) + 1}/${count}`;
}

/** One organization's share of the work: `own` for the steps without `org` (the key's own organization). */
export interface OrgLoad {
  org: number | 'own';
  /** Estimated requests. */
  requests: number;
}

/**
 * Whole organizations onto shards, balanced by estimated requests: largest first, each onto the
 * shard with the least so far (the lowest index on a tie). Sorting by org id on equal loads makes
 * the plan the same in every process that computes it from the same input.
 */
export function balanceShards(loads: readonly OrgLoad[], count: number): Map<number | 'own', number> {
  const sorted = [...loads].sort((a, b) => b.requests - a.requests || orgOrder(a.org) - orgOrder(b.org));
  const totals = new Array<number>(count).fill(0);
  const plan = new Map<number | 'own', number>();
  for (const { org, requests } of sorted) {
    const lightest = totals.indexOf(Math.min(...totals));
    totals[lightest] = (totals[lightest] ?? 0) + requests;
    plan.set(org, lightest + 1);
  }
  return plan;
}

function orgOrder(org: number | 'own'): number {
  return org === 'own' ? -1 : org;
}
