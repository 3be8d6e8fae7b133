import type { Route } from '../route.js';

export const customFieldRoutes: Route[] = [];
