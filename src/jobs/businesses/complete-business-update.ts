import type { BusinessUpdate, Contact, SpecificHours, WeekHours } from '../../api/schemas/business.js';
import { WEEK_DAYS } from '../../api/service-facts.js';
import type { BusinessRowUpdate } from '../../resources/businesses/business-catalog.js';

/** A business as read from the API: the fields the import compares, and whatever else it carries. */
export type CurrentBusiness = Readonly<Record<string, unknown>> & { id: string; org_id: number };

/** Whether the row sets part of a field the service replaces whole, so the current business must be read first. */
export function needsCurrentBusiness(update: BusinessRowUpdate): boolean {
  const days = update.open_hours === undefined ? WEEK_DAYS.length : Object.keys(update.open_hours).length;
  const specific = update.specific_hours;
  return (
    days < WEEK_DAYS.length ||
    (specific !== undefined && (specific.open === undefined || specific.close === undefined)) ||
    update.contacts !== undefined
  );
}

/**
 * The payload the service needs: the days of the week the row leaves out, the other half of
 * specific hours and the other fields and contacts come from the current business.
 */
export function completeBusinessUpdate(update: BusinessRowUpdate, current: CurrentBusiness | undefined): BusinessUpdate {
  const { open_hours: openHours, specific_hours: specificHours, contacts, ...rest } = update;
  const payload: BusinessUpdate = rest;
  if (openHours !== undefined) {
    const base = (current?.open_hours ?? {}) as Partial<WeekHours>;
    payload.open_hours = Object.fromEntries(WEEK_DAYS.map((day) => [day, openHours[day] ?? base[day] ?? []])) as WeekHours;
  }
  if (specificHours !== undefined) {
    const base = (current?.specific_hours ?? {}) as Partial<SpecificHours>;
    payload.specific_hours = { open: specificHours.open ?? base.open ?? [], close: specificHours.close ?? base.close ?? [] };
  }
  if (contacts !== undefined) {
    const base = (current?.contacts ?? []) as Contact[];
    const [first, ...others] = base;
    payload.contacts = [{ ...first, ...contacts[0] }, ...others];
  }
  return payload;
}
