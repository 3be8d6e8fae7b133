import { setTimeout as sleep } from 'node:timers/promises';
import type { Caller } from './access.js';
import { authenticate } from './authenticate.js';
import type { FaultInjector } from './faults.js';
import type { EmulatorRequest, EmulatorResponse } from './http-types.js';
import { hasPermission } from './permissions.js';
import { LONG_RETRY_AFTER_S, type Quirks } from './quirks.js';
import type { SlidingWindowLimiter } from './rate-limiter.js';
import { invalidBody, notAuthenticated, notAuthorized, notFound, redirected, tooManyRequests } from './responses.js';
import { matchRoute, type Route } from './route.js';
import type { EmulatorState } from '../state.js';

export interface RequestHandlerDeps {
  state: EmulatorState;
  routes: readonly Route[];
  limiter: SlidingWindowLimiter;
  faults: FaultInjector;
  now: () => number;
  quirks: Quirks;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const WRITE_METHODS = new Set([...METHODS_WITH_BODY, 'DELETE']);

/**
 * The request pipeline every transport shares: faults, authentication, rate
 * limit (every authenticated request counts, errors included), Content-Type
 * and JSON, then the route.
 */
export function createRequestHandler(deps: RequestHandlerDeps): (req: EmulatorRequest) => Promise<EmulatorResponse> {
  return async (req) => {
    const decision = deps.faults.decide(req);
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    const response = withQuirks(deps.quirks, decision.replace ?? (await answer(deps, req)));
    return decision.transport === undefined ? response : { ...response, fault: decision.transport };
  };
}

/** `long-retry-after`: every 429, the limiter's and scripted ones, asks for a day. */
function withQuirks(quirks: Quirks, response: EmulatorResponse): EmulatorResponse {
  if (quirks['long-retry-after'] !== true || response.status !== 429) return response;
  return { ...response, headers: { ...response.headers, 'retry-after': String(LONG_RETRY_AFTER_S) } };
}

async function answer(deps: RequestHandlerDeps, req: EmulatorRequest): Promise<EmulatorResponse> {
  const { state, routes, limiter, now, quirks } = deps;
  // `redirect-writes`: a front that moved the API answers before anything else, and applies nothing.
  const redirectBase = quirks['redirect-writes'];
  if (redirectBase !== undefined && WRITE_METHODS.has(req.method)) return redirected(`${redirectBase}${req.path}`);
  const caller = authenticate(state, req.headers.get('x-apikey'), req.remoteAddress, now());
  if (caller === undefined) return notAuthenticated();
  const retryAfterS = limiter.take(rateBucket(state, caller, req), now());
  if (retryAfterS > 0) return tooManyRequests(retryAfterS);

  let body: unknown;
  if (METHODS_WITH_BODY.has(req.method)) {
    const contentType = req.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      return invalidBody({ _schema: ['Content-Type must be application/json'] });
    }
    // An empty body is no JSON: read as `{}`, a write that lost its body would answer success.
    try {
      body = JSON.parse(req.bodyText);
    } catch {
      return invalidBody({ _schema: ['Body is not valid JSON'] });
    }
  }

  const match = matchRoute(routes, req.method, req.path);
  if (match === undefined) return notFound();
  if (!hasPermission(caller.key, match.route.permission)) return notAuthorized();
  return match.route.handle({ req, caller, state, params: match.params, body, now, quirks });
}

/**
 * The organization a request is charged to: the one it addresses (a business's
 * organization, `org/{id}`, `org_id=`), else the caller's own. A PROVIDER
 * request that addresses no organization is charged to the provider itself.
 */
function rateBucket(state: EmulatorState, caller: Caller, req: EmulatorRequest): string {
  const [first, second] = req.path.split('/').filter((segment) => segment !== '');
  let orgId: number | null | undefined;
  if (first === 'business' && second !== undefined && second !== 'search') {
    orgId = state.businesses.get(decodeURIComponent(second))?.org_id;
  } else if (first === 'org' && second !== undefined) {
    orgId = Number(second);
  }
  orgId ??= caller.user.role === 'PROVIDER' && req.query.has('org_id') ? Number(req.query.get('org_id')) : caller.user.org_id;
  return orgId === null || Number.isNaN(orgId) ? `provider:${caller.user.id}` : `org:${orgId}`;
}
