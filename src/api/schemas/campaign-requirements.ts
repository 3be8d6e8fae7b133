import { z } from 'zod';
import { CAMPAIGN_RECIPIENT_FIELDS } from '../facts/service-facts.js';

/** Answer of `GET /feedback/campaign/requirements`: the keys each recipient of a campaign must carry. */
export const CampaignRequirementsSchema = z.looseObject({
  feedback_form_id: z.string(),
  feedback_email_template_id: z.number(),
  recipient_fields: z.array(z.enum(CAMPAIGN_RECIPIENT_FIELDS)),
  variable_fields: z.array(z.string()),
});
export type CampaignRequirements = z.infer<typeof CampaignRequirementsSchema>;
