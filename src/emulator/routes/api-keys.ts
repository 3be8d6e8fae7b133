import type { Route } from '../route.js';

export const apiKeyRoutes: Route[] = [];
