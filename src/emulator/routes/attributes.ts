import { z } from 'zod';
import { ATTRIBUTE_ERROR_TEXT } from '../../api/facts/service-facts.js';
import { countryCode } from '../country-code.js';
import { defineRoute } from '../pipeline/define-route.js';
import { invalidBody, ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import { entryOf, type EmulatorState } from '../state.js';
import type { AttributeDefinition } from '../state-types.js';
import { addMessage, type ValidationDetails } from '../pipeline/validation-details.js';

const AttributeInputSchema = z.strictObject({ type: z.string(), geo_id: z.string(), value: z.unknown() });
type AttributeInput = z.infer<typeof AttributeInputSchema>;
const AttributesBodySchema = z.strictObject({ attributes: z.array(AttributeInputSchema) });

const httpUrl = z.url({ protocol: /^https?$/ });

/** What `unknown-values` adds to every business's attributes. */
const UNKNOWN_TYPE_ATTRIBUTE = { type: 'INTEGER', geo_id: 'max_capacity', value: 40 };

/** How a write changes the stored value (REPEATABLE_ENUM writes are relative to it). */
type AttributeUpdate = (stored: unknown) => unknown;

export const attributeRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/business/:business_id/attributes',
    permission: 'business_read',
    business: 'READ',
    handle({ req, state, business, quirks }) {
      const details: ValidationDetails = {};
      const category = req.query.get('category');
      if (category !== null && !isKnownCategory(state, category)) addMessage(details, ['category'], 'Unknown category.');
      const country = req.query.get('country') ?? business.country;
      const countryCheck = countryCode.safeParse(country);
      if (!countryCheck.success) for (const issue of countryCheck.error.issues) addMessage(details, ['country'], issue.message);
      if (Object.keys(details).length > 0) return invalidBody(details);

      const stored = state.businessAttributes.get(business.id);
      const attributes = [...state.attributeCatalog.values()]
        .filter((definition) => isOffered(definition, category === null ? business.categories : [category], country))
        .map((definition) => ({ type: definition.type, geo_id: definition.geo_id, value: readValue(definition, stored?.get(definition.geo_id)) }));
      const shown = quirks.nulls === true ? attributes.map(sayEmptyAttribute) : attributes;
      // A type the spec does not name, as a service adds them.
      return ok({ attributes: quirks['unknown-values'] === true ? [...shown, UNKNOWN_TYPE_ATTRIBUTE] : shown });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/business/:business_id/attributes',
    permission: 'attributes_edit',
    business: 'WRITE',
    body: AttributesBodySchema,
    handle({ state, business, body, quirks }) {
      // The whole body is checked first: one wrong attribute and nothing is applied.
      const errors = new Map<string, string>();
      const updates: [string, AttributeUpdate][] = [];
      for (const input of body.attributes) {
        const definition = state.attributeCatalog.get(input.geo_id);
        const offered = definition !== undefined && isOffered(definition, business.categories, business.country);
        const plan = offered ? planUpdate(definition, input, quirks['replace-nested'] === true) : ATTRIBUTE_ERROR_TEXT.unknown;
        if (typeof plan === 'string') errors.set(input.geo_id, plan);
        else updates.push([input.geo_id, plan]);
      }
      if (errors.size > 0) return invalidBody(Object.fromEntries(errors));

      const values = entryOf(state.businessAttributes, business.id, () => new Map<string, unknown>());
      // Sent in order: a geo_id sent twice ends with its last write.
      for (const [geoId, update] of updates) values.set(geoId, update(values.get(geoId)));
      return ok({ status: 'success' });
    },
  }),
];

/** A category is known when the attribute catalog offers something for it. */
function isKnownCategory(state: EmulatorState, category: string): boolean {
  return [...state.attributeCatalog.values()].some((definition) => definition.categories.includes(category));
}

function isOffered(definition: AttributeDefinition, categories: readonly string[], country: string): boolean {
  const inCountry = definition.countries.length === 0 || definition.countries.includes(country);
  return inCountry && definition.categories.some((category) => categories.includes(category));
}

/**
 * A REPEATABLE_ENUM is stored as the list of its selected values and read back
 * as `{set_values: selected, unset_values: the other allowed values}`, so
 * writing back what was read changes nothing. Unset attributes read as null.
 */
function readValue(definition: AttributeDefinition, stored: unknown): unknown {
  if (stored === undefined) return null;
  if (definition.type !== 'REPEATABLE_ENUM') return stored;
  const selected = toList(stored) ?? [];
  const allowed = definition.values ?? [];
  return { set_values: allowed.filter((value) => selected.includes(value)), unset_values: allowed.filter((value) => !selected.includes(value)) };
}

/** `nulls`: an unset attribute comes without its value, and a selection of nothing with `set_values` null. */
function sayEmptyAttribute({ value, ...attribute }: { type: string; geo_id: string; value: unknown }): Record<string, unknown> {
  if (value === null) return attribute;
  const selection = z.looseObject({ set_values: z.array(z.unknown()).length(0) }).safeParse(value);
  return { ...attribute, value: selection.success ? { ...selection.data, set_values: null } : value };
}

/** The update a valid attribute makes, or the message that refuses it. */
function planUpdate(definition: AttributeDefinition, input: AttributeInput, replace: boolean): AttributeUpdate | string {
  if (definition.type === 'REPEATABLE_URL') return ATTRIBUTE_ERROR_TEXT.repeatableUrl;
  if (input.type !== definition.type) return `must be of type ${definition.type}`;
  const { value } = input;
  const allowed = definition.values ?? [];
  switch (definition.type) {
    case 'BOOL':
      return typeof value === 'boolean' ? () => value : ATTRIBUTE_ERROR_TEXT.bool;
    case 'ENUM':
      if (typeof value !== 'string') return ATTRIBUTE_ERROR_TEXT.string;
      return allowed.includes(value) ? () => value : `must be one of ${allowed.join(', ')}`;
    case 'URL':
      return httpUrl.safeParse(value).success ? () => value : ATTRIBUTE_ERROR_TEXT.url;
    case 'REPEATABLE_ENUM':
      return planSelection(value, allowed, replace);
  }
}

/** set_values are added to the selection and unset_values removed from it; the rest stays, unless `replace-nested` makes set_values the whole selection. */
function planSelection(value: unknown, allowed: readonly string[], replace: boolean): AttributeUpdate | string {
  if (typeof value !== 'object' || value === null || !('set_values' in value) || !('unset_values' in value)) {
    return ATTRIBUTE_ERROR_TEXT.repeatableEnum;
  }
  const set = toList(value.set_values);
  const unset = toList(value.unset_values);
  if (set === undefined || unset === undefined) return ATTRIBUTE_ERROR_TEXT.list;
  const strangers = [...set, ...unset].filter((item) => !allowed.includes(item));
  if (strangers.length > 0) return `values must be among ${allowed.join(', ')}; got ${strangers.join(', ')}`;
  const both = set.filter((item) => unset.includes(item));
  if (both.length > 0) return `cannot both set and unset ${both.join(', ')}`;
  return (stored) => {
    const selected = replace ? [] : (toList(stored) ?? []);
    return allowed.filter((item) => (selected.includes(item) || set.includes(item)) && !unset.includes(item));
  };
}

/** A list's items as strings (others as their JSON), or undefined when it is not a list. */
function toList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return (value as unknown[]).map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}
