import type { Route } from '../route.js';

export const webhookRoutes: Route[] = [];
