import { isDeepStrictEqual } from 'node:util';
import type { BusinessUpdate } from '../../api/schemas/business.js';
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
      const changed = Object.entries(value).filter(([key, item]) => !isDeepStrictEqual(normalise(base[key]), normalise(item)));
      if (changed.length === 0) continue;
      payload[field] = Object.fromEntries(changed);
      for (const [key, item] of changed) changes.push(describeChange(`${field}.${key}`, base[key], item));
    } else if (!isDeepStrictEqual(normalise(current[field]), normalise(value))) {
      payload[field] = value;
      changes.push(describeChange(field, current[field], value));
    }
  }
  return { payload: payload, changes };
}

/** The changes a patch sends, without a current state to compare with. */
export function describePatch(update: BusinessUpdate): string[] {
  return Object.entries(update).map(([field, value]) => `${field}: -> ${show(value)}`);
}

function describeChange(field: string, before: unknown, after: unknown): string {
  return `${field}: ${show(before)} -> ${show(after)}`;
}

/** Absent, null and empty mean the same to a person reading a sheet. */
function normalise(value: unknown): unknown {
  return value === undefined || value === '' ? null : value;
}

const SHOWN_LENGTH = 60;

function show(value: unknown): string {
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const cut = text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text;
  return `'${cut}'`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
