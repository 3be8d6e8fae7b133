import type { z } from 'zod';
import { lookUpBusiness } from './access.js';
import type { EmulatorResponse } from './http-types.js';
import type { Permission } from './permissions.js';
import { invalidBody, notAuthorized, notFound } from './responses.js';
import type { Route, RouteContext } from './route.js';
import type { Access, Business } from '../state-types.js';
import { toValidationDetails } from './validation-details.js';

type BusinessOf<A extends Access | undefined> = A extends Access ? Business : undefined;

/** What a route's `target` step sees: the request and the business it addresses, if declared. */
export interface AddressedContext<A extends Access | undefined> extends RouteContext {
  business: BusinessOf<A>;
}

/** What a handler sees: what the route declared, resolved, and the body parsed. */
export interface HandlerContext<A extends Access | undefined, T, Body> extends Omit<AddressedContext<A>, 'body'> {
  target: T;
  body: Body;
}

/**
 * A route that declares what the pipeline checks before its handler runs, in
 * this order: the business its `:business_id` addresses, its own `target`,
 * then its body. A 404 or a 403 is so answered before an invalid body.
 */
export interface RouteDefinition<A extends Access | undefined, T, Body> {
  method: Route['method'];
  path: string;
  permission: Permission;
  /** Access needed to the business of `:business_id`: 404 when it is unknown, 403 when out of reach. */
  business?: A;
  /** What else the request addresses, looked up before the body is read (undefined when it only checks), or the answer that refuses it. */
  target?(ctx: AddressedContext<A>): T | EmulatorResponse;
  /** Schema of the JSON body; one that does not fit is answered 400 with every issue. */
  body?: z.ZodType<Body>;
  handle(ctx: HandlerContext<A, T, Body>): EmulatorResponse | Promise<EmulatorResponse>;
}

export function defineRoute<A extends Access | undefined = undefined, T = undefined, Body = unknown>(
  definition: RouteDefinition<A, T, Body>,
): Route;
// The generic signature above is what routes see; the steps below hold for any of its instances.
export function defineRoute(definition: RouteDefinition<Access | undefined, unknown, unknown>): Route {
  const { method, path, permission, business: needs, body: schema } = definition;
  return {
    method,
    path,
    permission,
    handle(ctx) {
      const business = needs === undefined ? undefined : addressedBusiness(ctx, needs);
      if (isResponse(business)) return business;
      const addressed = { ...ctx, business };
      const resolved = definition.target?.(addressed);
      if (isResponse(resolved)) return resolved;
      if (schema === undefined) return definition.handle({ ...addressed, target: resolved });
      const parsed = schema.safeParse(ctx.body);
      if (!parsed.success) return invalidBody(toValidationDetails(parsed.error.issues));
      return definition.handle({ ...addressed, target: resolved, body: parsed.data });
    },
  };
}

function addressedBusiness(ctx: RouteContext, needs: Access): Business | EmulatorResponse {
  const lookup = lookUpBusiness(ctx.state, ctx.caller.user, ctx.params.business_id ?? '');
  if (!lookup.found) return lookup.reason === 'not-found' ? notFound() : notAuthorized();
  if (needs === 'WRITE' && lookup.access !== 'WRITE') return notAuthorized();
  return lookup.business;
}

/** Responses are told from targets by shape: a target is never an object with a numeric `status` and a `body`. */
function isResponse(value: unknown): value is EmulatorResponse {
  return typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number' && 'body' in value;
}
