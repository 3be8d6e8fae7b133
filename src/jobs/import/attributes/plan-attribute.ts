import type { AttributeSetting, BusinessAttribute } from '../../../api/schemas/attributes.js';
import { ATTRIBUTE_ERROR_TEXT } from '../../../api/facts/service-facts.js';
import { buildAttributeSetting, type AttributeRow } from '../../../resources/attributes/attribute-catalog.js';
import type { ItemPlan } from '../business-items/business-item-resource.js';
import { createChoiceFinder } from '../../../resources/columns/find-choice.js';
import { findClosestName, toComparableName } from '../../../find-closest-name.js';
import { describeChange, describeSetting, isSameValue } from '../describe-change.js';

/** The business's attributes as `GET /business/{id}/attributes` gives them: those its categories and country offer, and why those that do not read do not, by geo_id. */
export interface CurrentAttributes {
  readable: ReadonlyMap<string, BusinessAttribute>;
  unreadable: ReadonlyMap<string, string>;
}

/**
 * Against the current attributes (diff), an attribute the business is not offered, or of another
 * type, fails before any request, and only a value that differs is sent; for a REPEATABLE_ENUM,
 * only the values whose selection changes. A row without a type takes the business's. Without
 * them (patch), the row is sent as it is, and must give its type.
 */
export function planAttribute(row: AttributeRow, current: CurrentAttributes | undefined): ItemPlan<AttributeSetting> {
  // A patch's catalog requires the type: a row without one is invalid before any request.
  if (current === undefined) {
    if (row.type === undefined) return { errors: ['type: missing'] };
    const label = describeEnumLabel(row);
    return label === undefined ? { item: row, changes: describeAttributePatch(row) } : { errors: [label], invalid: true };
  }
  const stored = current.readable.get(row.geo_id);
  const unreadable = current.unreadable.get(row.geo_id);
  // What it holds is unknown: a diff against it would be a guess.
  if (unreadable !== undefined) return { errors: [`geo_id: the business's '${row.geo_id}' does not read (${unreadable}), so it is not compared; import this row with --mode patch to send it as it is`] };
  if (stored === undefined) return { errors: [`geo_id: '${row.geo_id}' is not offered for this business's categories and country`] };
  if (stored.type === 'REPEATABLE_URL') return { errors: [`type: ${ATTRIBUTE_ERROR_TEXT.repeatableUrl}`] };
  if (row.type !== undefined && stored.type !== row.type) return { errors: [`type: '${row.geo_id}' is ${stored.type} for this business, not ${row.type}`] };
  const built = row.type === undefined ? buildAttributeSetting(row.geo_id, stored.type, row.cells) : { setting: row };
  if ('errors' in built) return { errors: built.errors, invalid: true };
  const { setting } = built;
  if (setting.type === 'REPEATABLE_ENUM' && stored.type === 'REPEATABLE_ENUM') return planSelection(setting, stored.value);
  // The one ENUM value a read tells is the current one: typed as its label reads (`Free Wi-Fi` is `free_wi_fi`), it is no change.
  const read = setting.type === 'ENUM' && typeof stored.value === 'string' ? { ...setting, value: createChoiceFinder([stored.value])(setting.value) } : setting;
  if (isSameValue(stored.value, read.value)) return { item: read, changes: [] };
  const label = describeEnumLabel(read);
  if (label !== undefined) return { errors: [label], invalid: true };
  return { item: read, changes: [describeChange('value', stored.value, read.value)] };
}

/** What an id is made of, as the id a label spells would be (`Paid Wi-Fi`: `paid_wi_fi`). */
const VALUE_ID = /^[\p{Ll}\p{N}_]+$/u;

/**
 * An ENUM value typed as a label (`Paid Wi-Fi`): a value id holds no space. Only the current value
 * is known from a read, so the label of another one is refused with the id it spells, not sent.
 */
function describeEnumLabel(setting: AttributeSetting): string | undefined {
  if (setting.type !== 'ENUM' || !/\s/.test(setting.value.trim())) return undefined;
  const id = toComparableName(setting.value);
  const meant = VALUE_ID.test(id) ? ` (did you mean ${id}?)` : '';
  return `value: must be the id of an ENUM value, which holds no space, not its label${meant}, got '${setting.value}'`;
}

type SelectionSetting = Extract<AttributeSetting, { type: 'REPEATABLE_ENUM' }>;
type Selection = SelectionSetting['value'];

/** A read answers the selected values and the other allowed ones, so both lists check the row's values. */
function planSelection(typed: SelectionSetting, stored: Selection | null): ItemPlan<AttributeSetting> {
  const selected = stored?.set_values ?? [];
  const allowed = stored === null ? undefined : [...stored.set_values, ...stored.unset_values];
  // Values as people type them (`American Express`) read as the ids allowed (`american_express`); without a read, as typed.
  const findValue = createChoiceFinder(allowed ?? []);
  const setting: SelectionSetting = { ...typed, value: { set_values: typed.value.set_values.map(findValue), unset_values: typed.value.unset_values.map(findValue) } };
  if (allowed !== undefined) {
    const errors = (['set_values', 'unset_values'] as const).flatMap((key) => {
      const strangers = setting.value[key].filter((value) => !allowed.includes(value));
      return strangers.length === 0 ? [] : [`value.${key}: values must be among ${allowed.join(', ')}, got ${strangers.map((value) => describeStranger(value, allowed)).join(', ')}`];
    });
    if (errors.length > 0) return { errors };
  }
  const toSet = setting.value.set_values.filter((value) => !selected.includes(value));
  const toUnset = setting.value.unset_values.filter((value) => selected.includes(value));
  const after = [...selected.filter((value) => !toUnset.includes(value)), ...toSet];
  // The spec does not say whether set_values adds to the selection or is all of it: once the read
  // tells every allowed value, the whole selection goes, the others unset, right either way.
  const sent = allowed === undefined ? { set_values: toSet, unset_values: toUnset } : { set_values: after, unset_values: allowed.filter((value) => !after.includes(value)) };
  const item: SelectionSetting = { ...setting, value: sent };
  if (toSet.length === 0 && toUnset.length === 0) return { item, changes: [] };
  return { item, changes: [describeChange('value.set_values', selected.join(', '), after.join(', '))] };
}

/** `contactles (did you mean contactless?)`: a typo, or a value typed without its accents. */
function describeStranger(value: string, allowed: readonly string[]): string {
  const meant = findClosestName(value, allowed);
  return meant === undefined ? value : `${value} (did you mean ${meant}?)`;
}

function describeAttributePatch(setting: AttributeSetting): string[] {
  if (setting.type !== 'REPEATABLE_ENUM') return [describeSetting('value', setting.value)];
  return (['set_values', 'unset_values'] as const)
    .filter((key) => setting.value[key].length > 0)
    .map((key) => describeSetting(`value.${key}`, setting.value[key].join(', ')));
}
