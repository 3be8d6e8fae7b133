import { PERMISSIONS } from '../pipeline/permissions.js';
import { ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';

export const permissionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/permissions',
    // The list serves to compose restricted keys, so it belongs with key management (emulator's choice).
    permission: 'api_keys_manage',
    handle() {
      return ok({ permissions: PERMISSIONS });
    },
  },
];
