import { setTimeout as sleep } from 'node:timers/promises';
import type { Caller } from './access.js';
import { authenticate } from './authenticate.js';
import type { FaultInjector } from './faults.js';
import type { EmulatorRequest, EmulatorResponse } from './http-types.js';
import { hasPermission } from './permissions.js';
import type { SlidingWindowLimiter } from './rate-limiter.js';
import { invalidBody, notAuthenticated, notAuthorized, notFound, tooManyRequests } from './responses.js';
import { matchRoute, type Route } from './route.js';
import type { EmulatorState } from './state.js';

export interface RequestHandlerDeps {
  state: EmulatorState;
  routes: readonly Route[];
  limiter: SlidingWindowLimiter;
  faults: FaultInjector;
  now: () => number;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The request pipeline every transport shares: faults, authentication, rate
 * limit (every authenticated request counts, errors included), Content-Type
 * and JSON, then the route.
 */
export function createRequestHandler(deps: RequestHandlerDeps): (req: EmulatorRequest) => Promise<EmulatorResponse> {
  return async (req) => {
    const decision = deps.faults.decide(req);
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    if (decision.replace !== undefined) return decision.replace;
    const response = answer(deps, req);
    return decision.transport === undefined ? response : { ...(await response), fault: decision.transport };
  };
}

async function answer(deps: RequestHandlerDeps, req: EmulatorRequest): Promise<EmulatorResponse> {
  const { state, routes, limiter, now } = deps;
  const caller = authenticate(state, req.headers.get('x-apikey'), req.remoteAddress, now());
  if (caller === undefined) return notAuthenticated();
  const rate = limiter.take(rateBucket(state, caller, req), now());
  if (!rate.allowed) return tooManyRequests(rate.retryAfterS);

  let body: unknown;
  if (METHODS_WITH_BODY.has(req.method)) {
    const contentType = req.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      return invalidBody({ _schema: ['Content-Type must be application/json'] });
    }
    try {
      body = req.bodyText === '' ? {} : JSON.parse(req.bodyText);
    } catch {
      return invalidBody({ _schema: ['Body is not valid JSON'] });
    }
  }

  const match = matchRoute(routes, req.method, req.path);
  if (match === undefined) return notFound();
  if (!hasPermission(caller.key, match.route.permission)) return notAuthorized();
  return match.route.handle({ req, caller, state, params: match.params, body, now });
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
