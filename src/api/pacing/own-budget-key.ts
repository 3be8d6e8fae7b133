import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { AbortedError, findAuthenticationFailure } from '../errors/api-error.js';
import { budgetKeyOf } from './org-budget.js';

/**
 * The shared budget key of the caller's own organization, which two keys of the same organization
 * must share: the organization of the first business the key can read. Without one, a SHA-256 of
 * the API key (never the key itself), so only processes using the same key share that budget.
 */
export async function findOwnBudgetKey(readFirstBusiness: () => Promise<{ businesses: readonly { org_id: number }[] }>, apiKey: string, logger: Logger): Promise<string> {
  let why: string;
  try {
    const orgId = (await readFirstBusiness()).businesses[0]?.org_id;
    if (orgId !== undefined) return budgetKeyOf(orgId);
    why = 'the key reads no business';
  } catch (error) {
    // A stopped client (its job aborted, or the key refused) sends nothing more: the turn fails the same way.
    if (error instanceof AbortedError || findAuthenticationFailure(error) !== undefined) throw error;
    why = error instanceof Error ? error.message : String(error);
  }
  logger.warn({ why }, "could not find the caller's organization: only processes using the same API key share its rate budget in Redis");
  return `key:${createHash('sha256').update(apiKey).digest('hex')}`;
}
