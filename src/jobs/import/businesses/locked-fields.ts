import { ApiError } from '../../../api/errors/api-error.js';
import type { BusinessUpdate } from '../../../api/schemas/business.js';
import { ERROR_TEXT } from '../../../api/facts/service-facts.js';
import { readAtPath } from '../../../resources/field-path.js';
import { isEmptyValue, isSameValue } from '../describe-change.js';
import type { CurrentBusiness } from './complete-business-update.js';
import { LockedFieldError } from './locked-field-error.js';
import { isRecord } from '../../../api/schemas/reading/is-record.js';

/**
 * Fields the service refuses to push (`403 {errors: {authorization: {<field>: "edit_not_allowed"}}}`),
 * learned per organization during a run. The import sends nested objects whole, so a row that
 * changes `photos.secondary` also carries the unchanged `photos.primary`, which an organization
 * may have disabled: such a field, unchanged, is left out of the write, and a row that changes
 * one fails naming it. Leaving out a key that holds a value keeps it only where the service merges
 * the object: one that replaces it whole would empty it, so such a row fails too, with nothing sent.
 */
export class LockedFields {
  private readonly byOrg = new Map<number, Set<string>>();
  /** Each organization's first write, which its other writes wait for: what it learns, they use from the start. */
  private readonly firstWrites = new Map<number, Promise<unknown>>();

  /** `{"2": ["photos.primary"]}`, for summary.json; undefined while none was learned. */
  list(): Record<string, string[]> | undefined {
    if (this.byOrg.size === 0) return undefined;
    return Object.fromEntries([...this.byOrg].map(([orgId, fields]) => [String(orgId), [...fields].sort()]));
  }

  /**
   * Writes a row's update without the locked fields it leaves unchanged. A 403 that names only
   * fields the row does not change teaches them, and the row is sent again once without them; a
   * locked field the row changes fails it with a LockedFieldError, before sending once learned.
   */
  async send(orgId: number, update: BusinessUpdate, current: CurrentBusiness, write: (payload: BusinessUpdate) => Promise<unknown>): Promise<void> {
    const first = this.firstWrites.get(orgId);
    if (first !== undefined) {
      await first;
      return this.sendLearning(orgId, update, current, write);
    }
    const sending = this.sendLearning(orgId, update, current, write);
    this.firstWrites.set(orgId, sending.catch(() => undefined));
    return sending;
  }

  private async sendLearning(orgId: number, update: BusinessUpdate, current: CurrentBusiness, write: (payload: BusinessUpdate) => Promise<unknown>): Promise<void> {
    const payload = this.leaveOut(orgId, update, current);
    try {
      await write(payload);
    } catch (error) {
      const refusal = readRefusal(error);
      if (refusal === undefined) throw error;
      const locked = this.byOrg.get(orgId) ?? new Set<string>();
      this.byOrg.set(orgId, locked);
      for (const field of refusal.fields) locked.add(field);
      const again = this.leaveOut(orgId, update, current, refusal.status);
      // Sent again only when that leaves out every field refused: the service would refuse the same body twice.
      if (refusal.fields.some((field) => !carries(payload, field) || carries(again, field))) throw error;
      await write(again);
    }
  }

  /**
   * The update without the organization's locked fields it leaves unchanged; a LockedFieldError if it
   * changes one, or if one left out of an object sent whole holds a value.
   */
  private leaveOut(orgId: number, update: BusinessUpdate, current: CurrentBusiness, httpStatus?: number): BusinessUpdate {
    const carried = [...(this.byOrg.get(orgId) ?? [])].filter((field) => carries(update, field));
    const changed = carried.filter((field) => !isUnchanged(update, current, field));
    const held = carried.filter((field) => field.includes('.') && !isEmptyValue(readAtPath(current, field.split('.'))));
    if (changed.length > 0 || held.length > 0) throw new LockedFieldError(orgId, changed, httpStatus, held.filter((field) => !changed.includes(field)));
    // Less of a valid update is still one: every field, and every key of photos or custom_fields, is optional.
    return carried.reduce<Record<string, unknown>>((payload, field) => withoutField(payload, field.split('.')), update);
  }
}

/** The fields of a 403 `edit_not_allowed` map, and its status; undefined for any other error. */
function readRefusal(error: unknown): { fields: string[]; status: number | undefined } | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'not-authorized' || error.details.shape !== 'not-allowed') return undefined;
  const entries = Object.entries(error.details.fields);
  if (entries.length === 0 || entries.some(([, code]) => code !== ERROR_TEXT.editNotAllowed)) return undefined;
  return { fields: entries.map(([field]) => field), status: error.status };
}

function carries(payload: BusinessUpdate, field: string): boolean {
  return readAtPath(payload, field.split('.')) !== undefined;
}

function isUnchanged(payload: BusinessUpdate, current: CurrentBusiness, field: string): boolean {
  const path = field.split('.');
  return isSameValue(readAtPath(current, path), readAtPath(payload, path));
}

/** A copy without the field at `path`, through objects; a field under a list stays, so its row is not sent again. */
function withoutField(record: Readonly<Record<string, unknown>>, [key = '', ...rest]: readonly string[]): Record<string, unknown> {
  if (rest.length === 0) return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
  const value = record[key];
  return isRecord(value) ? { ...record, [key]: withoutField(value, rest) } : { ...record };
}
