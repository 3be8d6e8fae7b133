import type { Route } from '../route.js';

export const organizationRoutes: Route[] = [];
