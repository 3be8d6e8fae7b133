import { OrgPacer, type PacerOptions, type SharedTurn } from './org-pacer.js';
import { sumCounters, type RequestCounters } from './request-counters.js';

/** Key of the caller's own organization, for calls made before its id is known. */
export const OWN_ORGANIZATION = 'own';

export interface CountersSnapshot {
  total: RequestCounters;
  /** Per organization key: `org:<id>`, or `own`. */
  organizations: Record<string, RequestCounters & { ratePerMinute: number }>;
}

/** One pacer per organization, shared by every step of the process that talks to it. */
export class PacerRegistry {
  private readonly pacers = new Map<string, OrgPacer>();

  constructor(
    private readonly options: PacerOptions,
    /** The shared budget's turn for an organization, when LISTING_RATE_REDIS_URL is set. */
    private readonly sharedTurnFor?: (orgId: number | undefined) => SharedTurn,
  ) {}

  pacerFor(orgId: number | undefined): OrgPacer {
    const key = orgId === undefined ? OWN_ORGANIZATION : `org:${orgId}`;
    let pacer = this.pacers.get(key);
    if (pacer === undefined) {
      pacer = new OrgPacer(this.options, this.sharedTurnFor?.(orgId));
      this.pacers.set(key, pacer);
    }
    return pacer;
  }

  readCounters(): CountersSnapshot {
    const entries = [...this.pacers.entries()];
    return {
      total: sumCounters(entries.map(([, pacer]) => pacer.counters)),
      organizations: Object.fromEntries(entries.map(([key, pacer]) => [key, { ...pacer.counters, ratePerMinute: pacer.ratePerMinute }])),
    };
  }
}
