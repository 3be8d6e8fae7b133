import { CAMPAIGN_RECIPIENT_FIELDS, CAMPAIGN_REQUIREMENTS_PARAMS as PARAMS } from '../../api/facts/service-facts.js';
import { feedbackInvalid, feedbackNotFound, ok, type FeedbackValidationIssue } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import { fieldRequired, notAnInteger } from './query/query-issues.js';

/** The spec shows no body for an unknown email template: the emulator answers like a missing form. */
const EMAIL_TEMPLATE_NOT_FOUND = 'Email template not found.';

const INTEGER = /^-?\d+$/;

export const campaignRoutes: Route[] = [
  {
    method: 'GET',
    path: '/feedback/campaign/requirements',
    permission: 'feedback_read',
    handle({ state, caller, req }) {
      const issues: FeedbackValidationIssue[] = [];
      const formId = req.query.get(PARAMS.formId);
      if (formId === null) issues.push(fieldRequired(PARAMS.formId));
      const templateId = readTemplateId(req.query.get(PARAMS.emailTemplateId), issues);
      if (formId === null || templateId === undefined) return feedbackInvalid(issues);

      const form = state.feedbackForms.get(formId);
      // A form of another organization is not found rather than refused, so ids do not leak across organizations.
      if (form === undefined || (caller.user.role !== 'PROVIDER' && form.org_id !== caller.user.org_id)) return feedbackNotFound();
      const template = state.emailTemplates.get(templateId);
      if (template?.org_id !== form.org_id) return feedbackNotFound(EMAIL_TEMPLATE_NOT_FOUND);
      return ok({
        feedback_form_id: form.id,
        feedback_email_template_id: template.id,
        recipient_fields: [...CAMPAIGN_RECIPIENT_FIELDS],
        variable_fields: [...template.variables].sort(),
      });
    },
  },
];

function readTemplateId(raw: string | null, issues: FeedbackValidationIssue[]): number | undefined {
  if (raw === null) issues.push(fieldRequired(PARAMS.emailTemplateId));
  else if (!INTEGER.test(raw)) issues.push(notAnInteger([PARAMS.emailTemplateId]));
  else return Number(raw);
  return undefined;
}
