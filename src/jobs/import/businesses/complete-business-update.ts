import type { BusinessUpdate, Contact, CustomFieldValue, Photos, SpecificHours, WeekHours } from '../../../api/schemas/business.js';
import { WEEK_DAYS, type WeekDay } from '../../../api/facts/service-facts.js';
import type { BusinessRowUpdate } from '../../../resources/businesses/business-catalog.js';
import { isRecord } from '../../../api/schemas/reading/is-record.js';

/** A business as read from the API: the fields the import compares, and whatever else it carries. */
export type CurrentBusiness = Readonly<Record<string, unknown>> & { id: string; org_id: number };

/** The payload to send, or why it cannot be built: then nothing is sent for the row. */
export type CompletedUpdate = { payload: BusinessUpdate } | { errors: string[] };

/** A nested field built whole, or the `field: why` that refuses the row. */
type Whole<T> = { value: T } | { error: string };

/**
 * The payload of a row, its nested fields whole: the spec says nothing of whether the service
 * merges or replaces `photos`, `custom_fields`, `open_hours`, `specific_hours` and `contacts`, so
 * each one a row sets is sent as the current value just read with the row's changes applied, right
 * under either reading. A part the read does not give (a day of the week, a list of specific hours,
 * the contacts) is unknown, never taken as empty: unless the row gives it, the row is refused.
 */
export function completeBusinessUpdate(update: BusinessRowUpdate, current: CurrentBusiness): CompletedUpdate {
  const { photos, custom_fields: customFields, open_hours: openHours, specific_hours: specificHours, contacts, ...rest } = update;
  const payload: BusinessUpdate = rest;
  const errors: string[] = [];
  const take = <T>(whole: Whole<T>, set: (value: T) => void): void => {
    if ('error' in whole) errors.push(whole.error);
    else set(whole.value);
  };
  if (photos !== undefined) take(completeKeys<Photos>('photos', photos, current.photos), (value) => (payload.photos = value));
  if (customFields !== undefined) {
    take(completeKeys<Record<string, CustomFieldValue>>('custom_fields', customFields, current.custom_fields), (value) => (payload.custom_fields = value));
  }
  if (openHours !== undefined) take(completeWeek(openHours, current.open_hours), (value) => (payload.open_hours = value));
  if (specificHours !== undefined) take(completeSpecificHours(specificHours, current.specific_hours), (value) => (payload.specific_hours = value));
  if (contacts !== undefined) take(completeContacts(contacts, current.contacts), (value) => (payload.contacts = value));
  return errors.length === 0 ? { payload } : { errors };
}

/**
 * `photos` and `custom_fields`: every key is optional, and a read leaves out a photo or a custom
 * field that has no value, so a key it does not give has none, and so has every key of an object
 * it gives as null or not at all.
 */
function completeKeys<T extends object>(field: string, changes: T, current: unknown): Whole<T> {
  if (current === undefined || current === null) return { value: changes };
  if (!isRecord(current)) return { error: `${field}: the current value is not an object; it cannot be sent whole` };
  // The keys read are sent back as read: the service's own values, those this client does not know included.
  return { value: { ...current, ...changes } };
}

/** Public facts: every day is sent, a closed one as []; a day the read does not give is unknown, not closed. */
function completeWeek(days: Partial<WeekHours>, current: unknown): Whole<WeekHours> {
  const known = isRecord(current) ? current : {};
  const unknown = WEEK_DAYS.filter((day) => !isTextList(known[day]));
  const missing = unknown.filter((day) => days[day] === undefined);
  if (missing.length > 0) return { error: `open_hours: the current ${describeDays(missing, unknown.length === WEEK_DAYS.length)} unknown; give all seven days` };
  return { value: Object.fromEntries(WEEK_DAYS.map((day) => [day, days[day] ?? known[day]])) as WeekHours };
}

/** `sunday is`, `saturday and sunday are`, or `week is` when the read gives no day at all. */
function describeDays(days: readonly WeekDay[], noneKnown: boolean): string {
  if (noneKnown) return 'week is';
  const last = days.at(-1) ?? '';
  return days.length === 1 ? `${last} is` : `${days.slice(0, -1).join(', ')} and ${last} are`;
}

/** A row sets one list or both; the other is the current one, unknown when the read does not give it. */
function completeSpecificHours(lists: Partial<SpecificHours>, current: unknown): Whole<SpecificHours> {
  const known = isRecord(current) ? current : {};
  const open = lists.open ?? known.open;
  const close = lists.close ?? known.close;
  if (!Array.isArray(open) || !Array.isArray(close)) {
    const missing = Array.isArray(open) ? 'close' : 'open';
    return { error: `specific_hours: the current ${missing} list is unknown; give specific_hours.open and specific_hours.close` };
  }
  return { value: { open: open as SpecificHours['open'], close: close as SpecificHours['close'] } };
}

/** A row sets fields of the first contact: its other fields and the other contacts are kept as read. */
function completeContacts(contacts: readonly Contact[], current: unknown): Whole<Contact[]> {
  const unknown = { error: 'contacts: the current contacts are unknown; the first one cannot be sent without the others' };
  if (!Array.isArray(current)) return unknown;
  const [first = {}, ...others] = current as unknown[];
  if (!isRecord(first)) return unknown;
  return { value: [{ ...first, ...contacts[0] }, ...(others as Contact[])] };
}

function isTextList(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
