import type { Route } from '../route.js';

export const attributeRoutes: Route[] = [];
