import type { Caller } from './access.js';
import type { EmulatorRequest, EmulatorResponse } from './http-types.js';
import type { Permission } from './permissions.js';
import type { Quirks } from './quirks.js';
import type { EmulatorState } from '../state.js';

export interface RouteContext {
  req: EmulatorRequest;
  caller: Caller;
  state: EmulatorState;
  params: Record<string, string>;
  /** Parsed JSON body (undefined for GET). */
  body: unknown;
  /** The emulator's clock, in epoch milliseconds. */
  now: () => number;
  /** Behaviours of a real service the emulator was asked to take on. */
  quirks: Quirks;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below `/v2`, with `:name` segments, for instance `/business/:business_id/services`. */
  path: string;
  /** Permission a key with restricted permissions must list to call the route. */
  permission: Permission;
  handle(ctx: RouteContext): EmulatorResponse | Promise<EmulatorResponse>;
}

/** Finds the route for a request; static segments win over parameters (`/business/search`). */
export function matchRoute(routes: readonly Route[], method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
  const segments = path.split('/').filter((segment) => segment !== '');
  let best: { route: Route; params: Record<string, string>; staticCount: number } | undefined;
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/').filter((segment) => segment !== '');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let staticCount = 0;
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      }
      staticCount++;
      return part === segment;
    });
    if (matches && (best === undefined || staticCount > best.staticCount)) best = { route, params, staticCount };
  }
  return best;
}
