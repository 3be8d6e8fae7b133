import type { BusinessUpdate } from '../../../api/schemas/business.js';
import { describeChange, describeChanges, describeSetting, isSameValue } from '../describe-change.js';
import type { CurrentBusiness } from './complete-business-update.js';

export interface BusinessDiff {
  /** Only what changes; empty when the row changes nothing. */
  payload: BusinessUpdate;
  /** `field: 'Old' -> 'New'`, one per changed field. */
  changes: string[];
}

/** Fields the service patches key by key: the diff compares and sends their keys one by one. */
const KEYED_FIELDS = new Set(['photos', 'custom_fields']);

export function diffBusiness(update: BusinessUpdate, current: CurrentBusiness): BusinessDiff {
  const payload: Record<string, unknown> = {};
  const changes: string[] = [];
  for (const [field, value] of Object.entries(update)) {
    if (KEYED_FIELDS.has(field) && isRecord(value)) {
      const base = isRecord(current[field]) ? current[field] : {};
      const changed = Object.entries(value).filter(([key, item]) => !isSameValue(base[key], item));
      if (changed.length === 0) continue;
      payload[field] = Object.fromEntries(changed);
      for (const [key, item] of changed) changes.push(describeChange(`${field}.${key}`, base[key], item));
    } else if (!isSameValue(current[field], value)) {
      payload[field] = value;
      changes.push(...describeChanges(field, current[field], value));
    }
  }
  return { payload: payload, changes };
}

/** The changes a patch sends, without a current state to compare with. */
export function describePatch(update: BusinessUpdate): string[] {
  return Object.entries(update).map(([field, value]) => describeSetting(field, value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
