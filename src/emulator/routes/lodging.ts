import { z } from 'zod';
import { defineRoute } from '../pipeline/define-route.js';
import { invalidBody, ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import type { LodgingDefinition } from '../state-types.js';

/** The spec gives paths only; body `{lodging: {<id>: value}}` mirrors what GET returns. */
const LodgingBodySchema = z.strictObject({ lodging: z.record(z.string(), z.unknown()) });

const TYPE_CHECKS: Record<LodgingDefinition['type'], { accepts: (value: unknown) => boolean; message: string }> = {
  BOOL: { accepts: (value) => typeof value === 'boolean', message: 'must be a bool' },
  INTEGER: { accepts: (value) => Number.isInteger(value), message: 'must be an integer' },
  STRING: { accepts: (value) => typeof value === 'string', message: 'must be a string' },
};

export const lodgingRoutes: Route[] = [
  {
    method: 'GET',
    path: '/lodging/list',
    permission: 'business_read',
    handle({ state }) {
      return ok({ lodging: [...state.lodgingCatalog.values()].map(({ id, name, type, read_only }) => ({ id, name, type, read_only })) });
    },
  },
  defineRoute({
    method: 'GET',
    path: '/business/:business_id/lodging',
    permission: 'business_read',
    business: 'READ',
    handle({ state, business }) {
      const stored = state.businessLodging.get(business.id) ?? {};
      // Every attribute of the catalog is listed; an unset one reads as null.
      const lodging = Object.fromEntries([...state.lodgingCatalog.keys()].map((id) => [id, stored[id] ?? null]));
      return ok({ lodging });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/business/:business_id/lodging',
    permission: 'lodging_edit',
    business: 'WRITE',
    body: LodgingBodySchema,
    handle({ state, business, body }) {
      // Everything is checked before anything is applied.
      const errors = new Map<string, string>();
      for (const [id, value] of Object.entries(body.lodging)) {
        const problem = checkLodging(state.lodgingCatalog.get(id), value);
        if (problem !== undefined) errors.set(id, problem);
      }
      if (errors.size > 0) return invalidBody(Object.fromEntries(errors));
      state.businessLodging.set(business.id, { ...state.businessLodging.get(business.id), ...body.lodging });
      return ok({ status: 'success' });
    },
  }),
];

/** Null is refused like any value of the wrong type: attributes are set, never cleared. */
function checkLodging(definition: LodgingDefinition | undefined, value: unknown): string | undefined {
  if (definition === undefined) return 'unknown lodging attribute';
  if (definition.read_only) return 'read-only attribute';
  const check = TYPE_CHECKS[definition.type];
  return check.accepts(value) ? undefined : check.message;
}
