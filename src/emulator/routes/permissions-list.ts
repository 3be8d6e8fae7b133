import type { Route } from '../route.js';

export const permissionRoutes: Route[] = [];
