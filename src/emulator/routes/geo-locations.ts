import type { Route } from '../route.js';

export const geoLocationRoutes: Route[] = [];
