import type { Route } from '../route.js';

export const feedbackRoutes: Route[] = [];
