import { lookUpBusiness } from '../access.js';
import type { EmulatorResponse } from '../http-types.js';
import { notAuthorized, notFound } from '../responses.js';
import type { RouteContext } from '../route.js';
import type { Business } from '../state-types.js';

/** Resolves the `{business_id}` path parameter with the access a route needs, or the error to answer. */
export function requireBusiness(ctx: RouteContext, needs: 'READ' | 'WRITE'): Business | EmulatorResponse {
  const lookup = lookUpBusiness(ctx.state, ctx.caller.user, ctx.params.business_id ?? '');
  if (!lookup.found) return lookup.reason === 'not-found' ? notFound() : notAuthorized();
  if (needs === 'WRITE' && lookup.access !== 'WRITE') return notAuthorized();
  return lookup.business;
}

export function isResponse(value: Business | EmulatorResponse): value is EmulatorResponse {
  return 'status' in value && typeof value.status === 'number' && 'body' in value;
}
