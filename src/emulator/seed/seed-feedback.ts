import type { Random } from '../random.js';
import { FIRST_NAMES, LAST_NAMES } from './seed-catalogs.js';
import type { EmulatorState } from '../state.js';
import type { FeedbackForm, FeedbackResult } from '../state-types.js';
import { formatIsoMicros } from '../timestamps.js';

const COMMENTS = ['Great bread, friendly staff.', 'Waited too long at the counter.', 'Perfect as always!', 'The shop was closed on a Sunday, though the hours said open.', 'Nice advice on ski waxing.'];

export function seedFeedback(state: EmulatorState, random: Random, count: number, seedTimeMs: number): void {
  const forms: FeedbackForm[] = [];
  for (const orgId of state.organizations.keys()) {
    for (const kind of ['In-store visit', 'Delivery']) {
      const id = `form_${orgId}_${random.hex(8)}`;
      const form: FeedbackForm = {
        id,
        org_id: orgId,
        display_name: `${kind} survey`,
        fields: [
          { id: `${id}_csat`, field_type: 'CSAT', field_label: 'Satisfaction', field_choices: null },
          { id: `${id}_text`, field_type: 'TEXT', field_label: 'What could we improve?', field_choices: null },
          { id: `${id}_choice`, field_type: 'MULTIPLE_CHOICE', field_label: 'What did you buy?', field_choices: ['bread', 'pastry', 'coffee', 'gear'] },
        ],
      };
      state.feedbackForms.set(id, form);
      forms.push(form);
    }
  }
  const businesses = [...state.businesses.values()];
  if (businesses.length === 0) return;
  for (let i = 0; i < count; i++) {
    const business = random.pick(businesses);
    const form = random.pick(forms.filter((candidate) => candidate.org_id === business.org_id));
    const id = 1000 + i;
    const nps = random.int(0, 10);
    const created = seedTimeMs + i * 3_600_000 + random.int(0, 3_599_999);
    const result: FeedbackResult = {
      id,
      org_id: business.org_id,
      business_id: business.id,
      firstname: random.pick(FIRST_NAMES),
      lastname: random.pick(LAST_NAMES),
      nps,
      content: random.pick(COMMENTS),
      state: random.chance(0.6) ? 'treated' : 'not_treated',
      optin: random.chance(0.5),
      created: formatIsoMicros(created),
      feedback_form: { id: form.id, display_name: form.display_name },
      feedback_result_fields: form.fields.map((field) => ({
        rating: field.field_type === 'CSAT' ? random.int(1, 5) : null,
        content: field.field_type === 'TEXT' ? random.pick(COMMENTS) : null,
        choices: field.field_choices === null ? null : random.sample(field.field_choices, random.int(1, 2)),
        feedback_form_field: field,
      })),
      comments: random.chance(0.4)
        ? [
            {
              id: id * 10,
              created: formatIsoMicros(created + 86_400_000),
              author_name: 'Store team',
              content: nps >= 7 ? 'Thank you for your kind words!' : 'We are sorry, we will do better.',
              feedback_result_id: id,
              user_id: 'usr_store_team',
              is_reply_suggestion: random.chance(0.2),
            },
          ]
        : [],
      extra: random.chance(0.5) ? { channel: random.pick(['email', 'sms', 'qr_code']), receipt: String(random.int(10000, 99999)) } : {},
    };
    state.feedbackResults.push(result);
  }
}
