import { describeOddValue, OddValue } from '../../../api/schemas/reading/odd-value.js';
import type { ServiceItem, ServiceSetting } from '../../../api/schemas/services.js';
import type { ReadItems } from '../../../api/schemas/reading/read-each.js';
import { describeReadOnlyEdit } from '../../../resources/describe-read-only-edit.js';
import { serviceNameColumn, type ServiceRow } from '../../../resources/services/service-catalog.js';
import type { ItemPlan } from '../business-items/business-item-resource.js';
import { describeChange, describeSetting, isSameValue } from '../describe-change.js';

const SERVICE_FIELDS = ['price', 'description'] as const;

/**
 * Against the business's current services (diff), a service it has is sent when a field's value
 * differs in some category, whole (a field the row leaves empty with its current value, where its
 * categories agree on one), and a row naming it otherwise is refused; a service it lacks is sent
 * whole. Without them (patch), every field is sent.
 */
export function planService({ setting, name }: ServiceRow, current: ReadItems<ServiceItem> | undefined): ItemPlan<ServiceSetting> {
  if (current === undefined) return { item: setting, changes: Object.entries(setting).map(([field, value]) => describeSetting(field, value)) };
  // What it holds is unknown: a diff against it would be a guess.
  const unreadable = current.unreadable.find(({ id }) => id === String(setting.service_id));
  if (unreadable !== undefined) {
    return { errors: [`service_id: the business's service ${setting.service_id} does not read (${unreadable.problem}), so it is not compared; import this row with --mode patch to send it as it is`] };
  }
  const items = current.items.filter((item) => item.service_id === setting.service_id);
  if (items.length === 0) {
    return { item: setting, changes: Object.entries(setting).map(([field, value]) => describeChange(field, undefined, value)) };
  }
  // The name is read-only: a row that renames its service would otherwise pass for no change.
  const names = items.flatMap((service) => (typeof service.name === 'string' ? [service.name] : []));
  const [known] = names;
  if (name !== undefined && known !== undefined && !names.includes(name)) return { errors: [describeReadOnlyEdit(serviceNameColumn, known, name)], invalid: true };
  const item: ServiceSetting = { service_id: setting.service_id };
  const changes: string[] = [];
  for (const field of SERVICE_FIELDS) {
    const wanted = setting[field];
    const stored = [...new Set(items.map((service) => service[field]))];
    // The spec does not say whether a write sets the service whole or merges it: a field the row
    // leaves alone goes with its one current value, right either way.
    const [only] = stored;
    if (wanted === undefined) {
      if (stored.length === 1 && (typeof only === 'number' || typeof only === 'string')) Object.assign(item, { [field]: only });
      continue;
    }
    // As for a service that does not read: only a row that leaves the field alone goes.
    const odd = stored.find((value) => value instanceof OddValue);
    if (odd instanceof OddValue) {
      const problem = describeOddValue({ path: [field], odd });
      return { errors: [`${field}: the ${field} of the business's service ${setting.service_id} does not read (${problem}), so it is not compared; import this row with --mode patch to send it as it is`] };
    }
    const before = stored.filter((value): value is Exclude<typeof value, OddValue> => !(value instanceof OddValue));
    Object.assign(item, { [field]: wanted });
    if (before.every((value) => isSameValue(value, wanted))) continue;
    changes.push(describeChange(field, before.length === 1 ? before[0] : before.join(', '), wanted));
  }
  return { item, changes };
}
