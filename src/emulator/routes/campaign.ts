import type { Route } from '../route.js';

export const campaignRoutes: Route[] = [];
