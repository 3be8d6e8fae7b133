import type { Route } from '../route.js';

export const serviceRoutes: Route[] = [];
