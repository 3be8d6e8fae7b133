import type { Route } from '../route.js';

export const messageTemplateRoutes: Route[] = [];
