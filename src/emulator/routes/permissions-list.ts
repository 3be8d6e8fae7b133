import { PERMISSIONS } from '../permissions.js';
import { ok } from '../responses.js';
import type { Route } from '../route.js';

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
