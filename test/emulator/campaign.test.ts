import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplate, FeedbackForm } from '../../src/emulator/state-types.js';
import { addRestrictedKey } from './restricted-key.js';
import { startTestEmulator, type TestEmulator } from './start-test-emulator.js';

describe('GET /feedback/campaign/requirements', () => {
  let api: TestEmulator;
  let form: FeedbackForm;
  let otherForm: FeedbackForm;
  let template: EmailTemplate;
  let otherTemplate: EmailTemplate;
  beforeAll(async () => {
    api = await startTestEmulator();
    const { state } = api.emulator;
    const forms = [...state.feedbackForms.values()];
    const templates = [...state.emailTemplates.values()];
    const pick = <T extends { org_id: number }>(items: T[], orgId: number): T => {
      const item = items.find((candidate) => candidate.org_id === orgId);
      if (item === undefined) throw new Error(`the seed has nothing for organization ${orgId}`);
      return item;
    };
    form = pick(forms, 1);
    otherForm = pick(forms, 2);
    otherTemplate = pick(templates, 2);
    // Variables out of order, to show the answer sorts them.
    template = { id: state.nextId(), org_id: 1, name: 'Unsorted', variables: ['rb_link', 'address', 'business_name'] };
    state.emailTemplates.set(template.id, template);
  });
  afterAll(() => api.close());

  const ask = (formId: string, templateId: number | string, as: 'ORG_ADMIN' | 'PROVIDER' = 'ORG_ADMIN') =>
    api.call('GET', `/feedback/campaign/requirements?feedback_form_id=${formId}&feedback_email_template_id=${templateId}`, { as });

  it('names the recipient fields and the template variables, sorted', async () => {
    const res = await ask(form.id, template.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      feedback_form_id: form.id,
      feedback_email_template_id: template.id,
      recipient_fields: ['email_address', 'unsubscribe_url'],
      variable_fields: ['address', 'business_name', 'rb_link'],
    });
  });

  it('reports every missing or malformed parameter at once', async () => {
    const none = await api.call('GET', '/feedback/campaign/requirements');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      detail: [
        { loc: ['query', 'feedback_form_id'], msg: 'Field required', type: 'missing' },
        { loc: ['query', 'feedback_email_template_id'], msg: 'Field required', type: 'missing' },
      ],
    });
    const malformed = await api.call('GET', `/feedback/campaign/requirements?feedback_form_id=${form.id}&feedback_email_template_id=one`);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      detail: [
        {
          loc: ['query', 'feedback_email_template_id'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          type: 'int_parsing',
        },
      ],
    });
  });

  it('answers "Form not found." for an unknown form or one of another organization', async () => {
    for (const formId of ['form_unknown', otherForm.id]) {
      const res = await ask(formId, template.id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Form not found.' });
    }
  });

  it("lets a PROVIDER use any organization's form", async () => {
    const res = await ask(otherForm.id, otherTemplate.id, 'PROVIDER');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ feedback_form_id: otherForm.id, variable_fields: [...otherTemplate.variables].sort() });
  });

  it("answers not found for an unknown template or one of another organization than the form's", async () => {
    for (const templateId of [999_999, otherTemplate.id]) {
      const res = await ask(form.id, templateId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Email template not found.' });
    }
  });

  it('needs the feedback_read permission on a restricted key', async () => {
    const path = `/feedback/campaign/requirements?feedback_form_id=${form.id}&feedback_email_template_id=${template.id}`;
    expect((await api.call('GET', path, { as: addRestrictedKey(api, ['business_read']) })).status).toBe(403);
    expect((await api.call('GET', path, { as: addRestrictedKey(api, ['feedback_read']) })).status).toBe(200);
  });
});
