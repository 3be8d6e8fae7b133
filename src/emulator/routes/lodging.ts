import type { Route } from '../route.js';

export const lodgingRoutes: Route[] = [];
