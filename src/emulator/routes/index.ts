import type { Route } from '../pipeline/route.js';
import { apiKeyRoutes } from './api-keys.js';
import { attributeRoutes } from './attributes.js';
import { businessListRoutes } from './business-lists.js';
import { businessUpdateRoutes } from './business-update.js';
import { campaignRoutes } from './campaign.js';
import { customFieldRoutes } from './custom-fields.js';
import { feedbackRoutes } from './feedback.js';
import { geoLocationRoutes } from './geo-locations.js';
import { lodgingRoutes } from './lodging.js';
import { messageTemplateRoutes } from './message-templates.js';
import { organizationRoutes } from './organizations.js';
import { permissionRoutes } from './permissions-list.js';
import { serviceRoutes } from './services.js';
import { webhookRoutes } from './webhooks.js';

/** Every route of the emulator; shapes and rules follow shared/spec/listing-api.md. */
export const ROUTES: readonly Route[] = [
  ...apiKeyRoutes,
  ...attributeRoutes,
  ...businessListRoutes,
  ...businessUpdateRoutes,
  ...campaignRoutes,
  ...customFieldRoutes,
  ...feedbackRoutes,
  ...geoLocationRoutes,
  ...lodgingRoutes,
  ...messageTemplateRoutes,
  ...organizationRoutes,
  ...permissionRoutes,
  ...serviceRoutes,
  ...webhookRoutes,
];
