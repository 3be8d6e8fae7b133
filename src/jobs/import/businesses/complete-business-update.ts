import type { BusinessUpdate, Contact, SpecificHours, WeekHours } from '../../../api/schemas/business.js';
import { WEEK_DAYS } from '../../../api/service-facts.js';
import type { BusinessRowUpdate } from '../../../resources/businesses/business-catalog.js';

/** A business as read from the API: the fields the import compares, and whatever else it carries. */
export type CurrentBusiness = Readonly<Record<string, unknown>> & { id: string; org_id: number };

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
