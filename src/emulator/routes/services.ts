import { z } from 'zod';
import { SERVICE_DESCRIPTION_MAX } from '../../api/facts/service-facts.js';
import { defineRoute } from '../pipeline/define-route.js';
import { invalidBody, ok } from '../pipeline/responses.js';
import type { Quirks } from '../pipeline/quirks.js';
import type { Route } from '../pipeline/route.js';
import { entryOf, type EmulatorState } from '../state.js';
import type { Business, ServiceDefinition, ServiceItem } from '../state-types.js';
import { addMessage, type ValidationDetails } from '../pipeline/validation-details.js';

/** price and description are optional: an omitted one keeps the stored value (null price, empty description for a new item, or with `replace-nested`); a price sent is a number. */
const ServiceInputSchema = z.strictObject({
  service_id: z.int({ error: 'must be an integer' }),
  price: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').optional(),
  description: z
    .string({ error: 'must be a string' })
    .max(SERVICE_DESCRIPTION_MAX, `must be at most ${SERVICE_DESCRIPTION_MAX} characters`)
    .optional(),
});
type ServiceInput = z.infer<typeof ServiceInputSchema>;

export const serviceRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/business/:business_id/services',
    permission: 'business_read',
    business: 'READ',
    handle({ state, business, quirks }) {
      return ok({ services: showServices(state.businessServices.get(business.id) ?? [], quirks) });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/business/:business_id/structured_services',
    permission: 'services_edit',
    business: 'WRITE',
    // The spec documents one object per request: a list is refused like any other body that is not one.
    body: ServiceInputSchema,
    handle({ state, business, body, quirks }) {
      const resolved = resolveService(state, business, body);
      if ('details' in resolved) return invalidBody(resolved.details);
      const items = entryOf(state.businessServices, business.id, () => []);
      setService(items, business, resolved.definition, body, quirks['replace-nested'] === true);
      return ok({ services: showServices(items, quirks) });
    },
  }),
];

/** `nulls`: an empty description is said as null, as the published description says its empty texts, and an unset price is left out. */
function showServices(items: readonly ServiceItem[], quirks: Quirks): unknown[] {
  if (quirks.nulls !== true) return [...items];
  return items.map(({ price, ...item }) => ({ ...item, ...(price === null ? {} : { price }), description: item.description === '' ? null : item.description }));
}

function resolveService(state: EmulatorState, business: Business, input: ServiceInput): { definition: ServiceDefinition } | { details: ValidationDetails } {
  const definition = state.serviceCatalog.get(input.service_id);
  const details: ValidationDetails = {};
  if (definition === undefined) {
    addMessage(details, ['service_id'], 'Unknown service.');
    return { details };
  }
  if (targetCategories(definition, business).length === 0) {
    addMessage(
      details,
      ['service_id'],
      `Service ${definition.service_id} (${definition.name}) is not available for the categories of this business (${business.categories.join(', ')}).`,
    );
    return { details };
  }
  return { definition };
}

/** A structured service goes to every category of the business offering it; a free-form one to the first only. */
function targetCategories(definition: ServiceDefinition, business: Business): string[] {
  const offering = business.categories.filter((category) => definition.categories.includes(category));
  return definition.type === 'STRUCTURED_SERVICE_ITEM' ? offering : offering.slice(0, 1);
}

/** Upserts one item per (service, category); `replace-nested` sets an existing item whole, as a new one, so an omitted field is emptied. */
function setService(items: ServiceItem[], business: Business, definition: ServiceDefinition, input: ServiceInput, replace: boolean): void {
  for (const category of targetCategories(definition, business)) {
    const existing = items.find((item) => item.service_id === definition.service_id && item.category_geo_name === category);
    if (existing === undefined) {
      items.push({
        service_id: definition.service_id,
        type: definition.type,
        name: definition.name,
        price: input.price ?? null,
        description: input.description ?? '',
        category_geo_name: category,
      });
      continue;
    }
    if (replace || input.price !== undefined) existing.price = input.price ?? null;
    if (replace || input.description !== undefined) existing.description = input.description ?? '';
  }
}
