import type { CustomFieldOrder } from '../../../api/schemas/custom-fields/custom-field-list.js';
import { SHOWN_COLUMNS, type CustomFieldOrderTarget, type CustomFieldPlacement, type ExportedPlacement, type ShownCells } from '../../../resources/custom-field-order/custom-field-order-catalog.js';
import { describeReadOnlyEdit } from '../../../resources/describe-read-only-edit.js';
import { findBaseMismatch } from '../../../resources/base-column.js';
import { describeChange, describeConflict, describeConflictError, describeSetting } from '../describe-change.js';
import type { ConflictPolicy } from '../import-options.js';
import type { ValidRow } from '../open-import.js';
import type { CustomFieldLayout, LaidOutField } from './read-custom-field-layout.js';

export type OrderRow = ValidRow<CustomFieldOrderTarget, CustomFieldPlacement>;

/**
 * A row refused before the request (its sheet contradicts itself: invalid; the organization lacks
 * what it names: failed; the file and the service both moved it since the export: conflict), or its changes.
 */
export type OrderRowPlan = { status: 'invalid' | 'failed' | 'conflict'; errors: string[]; changes?: string[] } | { changes: string[] };

/** The places a field row gives. */
type Places = Pick<ExportedPlacement, 'order' | 'section_id' | 'section_order'>;

export interface OrderPlanSettings {
  /** Diff mode: a row's `_base` is merged with (three ways). */
  threeWay: boolean;
  onConflict: ConflictPolicy;
}

export interface CustomFieldOrderPlan {
  /** Every row, in order, with what it comes to; no changes means unchanged. */
  rows: { row: OrderRow; outcome: OrderRowPlan }[];
  /** Only the fields and sections whose place changes (every one given, without a layout). */
  body: CustomFieldOrder;
}

/**
 * Plans the one `POST /custom_fields/order` of a sheet: an `orders` item per field row, completed
 * from the layout where the row leaves order or section_id out, and a `section_orders` item per
 * section placed by a section row or by a field row's section_order. In a row with `_base`, a cell
 * still as exported keeps the current place; without, the order of the section a row moves its
 * field out of places no section.
 */
export function planCustomFieldOrder(rows: readonly OrderRow[], layout: CustomFieldLayout | undefined, settings: OrderPlanSettings): CustomFieldOrderPlan {
  const planner = new OrderPlanner(layout, settings);
  const planned = rows.map((row) => ({ row, outcome: planner.planRow(row) }));
  const { orders, section_orders: sectionOrders } = planner.body;
  // `orders` goes even when empty: the published description (2021) requires it.
  return { rows: planned, body: { orders, ...(sectionOrders.length === 0 ? {} : { section_orders: sectionOrders }) } };
}

class OrderPlanner {
  readonly body: Required<CustomFieldOrder> = { orders: [], section_orders: [] };
  private readonly fieldLines = new Map<number, number>();
  private readonly sectionPlaces = new Map<number, { order: number; line: number }>();

  constructor(
    private readonly layout: CustomFieldLayout | undefined,
    private readonly settings: OrderPlanSettings,
  ) {}

  planRow({ target, update, base }: OrderRow): OrderRowPlan {
    const id = 'id' in target ? target.id : undefined;
    // Patch mode sends every filled cell: `_base` is not read.
    const recorded = id !== undefined && this.settings.threeWay ? update.exported : undefined;
    const mismatch = recorded === undefined || id === undefined ? undefined : findBaseMismatch(recorded, String(id), 'custom field');
    if (mismatch !== undefined) return { status: 'invalid', errors: [mismatch] };
    const exported = recorded === 'edited' ? undefined : recorded;
    const edits = findShownEdits(update, id === undefined ? undefined : this.layout?.fields.get(id), this.layout?.sectionNames, exported?.shown);
    if (edits.length > 0) return { status: 'invalid', errors: edits };
    if ('section_id' in target) {
      const order = update.section_order;
      // The catalog requires section_order on a section row.
      if (order === undefined) return { status: 'invalid', errors: ['section_order: missing'] };
      return this.checkSection(target.section_id, order) ?? { changes: this.placeSection(target.section_id, order, base.line) };
    }
    return this.planField(target.id, update, exported, base.line);
  }

  private planField(id: number, update: CustomFieldPlacement, exported: ExportedPlacement | undefined, line: number): OrderRowPlan {
    const earlier = this.fieldLines.get(id);
    if (earlier !== undefined) return { status: 'invalid', errors: [`id: placed already by row ${earlier}; give each custom field one row`] };
    const current = this.layout?.fields.get(id);
    if (this.layout !== undefined && current === undefined) {
      const problem = this.layout.unreadable.get(String(id));
      return { status: 'failed', errors: [problem === undefined ? `id: no custom field ${id} in this organization` : `id: the service's custom field ${id} does not read (${problem}), so its place is not changed`] };
    }
    const merge = current !== undefined && exported !== undefined ? this.mergeWithExport(update, exported, current) : { wanted: update, overwritten: [] };
    if ('refused' in merge) return merge.refused;
    const { wanted } = merge;
    const order = wanted.order ?? current?.order;
    const sectionId = wanted.section_id ?? current?.section_id ?? undefined;
    if (order === undefined || sectionId === undefined) return { status: 'failed', errors: ['section_id: missing; the field is in no section, give one'] };
    const left = exported !== undefined ? undefined : this.findLeftSection(current?.section_id, sectionId, wanted.section_order);
    const sectionOrder = left === undefined ? wanted.section_order : undefined;
    const refused = this.checkSection(sectionId, sectionOrder);
    if (refused !== undefined) return refused;
    this.fieldLines.set(id, line);
    const changes =
      current === undefined
        ? [describeSetting('order', order), describeSetting('section_id', sectionId)]
        : [
            ...(current.order === order ? [] : [describeChange('order', current.order, order)]),
            ...(current.section_id === sectionId ? [] : [describeChange('section_id', current.section_id, sectionId)]),
          ];
    if (changes.length > 0) this.body.orders.push({ id, order, section_id: sectionId });
    if (sectionOrder !== undefined) changes.push(...this.placeSection(sectionId, sectionOrder, line));
    if (left !== undefined) changes.push(`section_order: '${left.order}' is the place of section ${left.id}, which the field leaves; section ${sectionId} keeps its own`);
    return { changes: [...changes, ...merge.overwritten] };
  }

  /**
   * The row's places the file changed since the export (a cell still as `_base` has it keeps the
   * current place), or a conflict where the service moved the field or its section otherwise since.
   */
  private mergeWithExport(update: CustomFieldPlacement, exported: ExportedPlacement, current: LaidOutField): { refused: OrderRowPlan } | { wanted: Places; overwritten: string[] } {
    const conflicts: { field: string; base: number; file: number; current: unknown }[] = [];
    const merge = (field: keyof Places, now: number | null | undefined): number | undefined => {
      const [file, base] = [update[field], exported[field]];
      if (file === undefined || base === undefined) return file;
      if (file === base) return undefined;
      if (now !== undefined && now !== base && now !== file) conflicts.push({ field, base, file, current: now });
      return file;
    };
    // A section's place conflicts only in the section the field was exported in.
    const section = update.section_id ?? current.section_id;
    const wanted = {
      order: merge('order', current.order),
      section_id: merge('section_id', current.section_id),
      section_order: merge('section_order', section === exported.section_id ? this.layout?.sections?.get(section) : undefined),
    };
    if (conflicts.length === 0) return { wanted, overwritten: [] };
    const described = conflicts.map(({ field, base, file, current: now }) => describeConflict(field, base, file, now));
    if (this.settings.onConflict === 'overwrite') return { wanted, overwritten: described.map((line) => `${line} (conflict: the file wins)`) };
    const errors = conflicts.map(({ field, base, current: now }) => describeConflictError(field, base, now));
    return { refused: { status: this.settings.onConflict === 'fail' ? 'failed' : 'conflict', changes: described, errors } };
  }

  /**
   * The section a field row moves its field out of, when the row's section_order is still that
   * section's order: an exported row keeps it when only section_id is edited, so it places no section.
   */
  private findLeftSection(currentId: number | null | undefined, sectionId: number, order: number | undefined): { id: number; order: number } | undefined {
    if (currentId == null || currentId === sectionId || order === undefined) return undefined;
    return this.layout?.sections?.get(currentId) === order ? { id: currentId, order } : undefined;
  }

  /** A section the organization lacks, or one the sheet places twice at different positions. */
  private checkSection(sectionId: number, order: number | undefined): OrderRowPlan | undefined {
    const sections = this.layout?.sections;
    if (sections !== undefined && !sections.has(sectionId)) return { status: 'failed', errors: [`section_id: no section ${sectionId} in this organization`] };
    const earlier = order === undefined ? undefined : this.sectionPlaces.get(sectionId);
    if (earlier === undefined || earlier.order === order) return undefined;
    return { status: 'invalid', errors: [`section_order: section ${sectionId} is placed at ${earlier.order} by row ${earlier.line}`] };
  }

  private placeSection(sectionId: number, order: number, line: number): string[] {
    const first = !this.sectionPlaces.has(sectionId);
    if (first) this.sectionPlaces.set(sectionId, { order, line });
    const current = this.layout?.sections?.get(sectionId);
    if (current === order) return [];
    if (first) this.body.section_orders.push({ id: sectionId, order });
    return [current === undefined ? describeSetting('section_order', order) : describeChange('section_order', current, order)];
  }
}

/**
 * The read-only cells a row changed: the name or type of its field, or the name of its section (or
 * of the section the row moves its field into). The import can rename neither, and a row that does
 * would otherwise pass for no change.
 */
function findShownEdits(
  { shown: typed, section_id: sectionId }: CustomFieldPlacement,
  field: { name: string; type: string; section_name: string | null } | undefined,
  sectionNames: ReadonlyMap<number, string> | undefined,
  exported: ShownCells | undefined,
): string[] {
  // A cell as `_base` recorded it is no edit, whatever the field is called now.
  const shown = (cell: keyof ShownCells): string | undefined => (typed?.[cell] === exported?.[cell] ? undefined : typed?.[cell]);
  const [name, type, sectionName] = [shown('name'), shown('type'), shown('section_name')];
  const edits: string[] = [];
  if (field !== undefined && name !== undefined && name !== field.name) edits.push(describeReadOnlyEdit(SHOWN_COLUMNS.name, field.name, name));
  if (field !== undefined && type !== undefined && type.toUpperCase() !== field.type.toUpperCase()) edits.push(describeReadOnlyEdit(SHOWN_COLUMNS.type, field.type, type));
  const movedTo = sectionId === undefined ? undefined : sectionNames?.get(sectionId);
  const names = [field?.section_name, movedTo].filter((section) => section !== undefined && section !== null);
  const [known] = names;
  if (sectionName !== undefined && known !== undefined && !names.includes(sectionName)) edits.push(describeReadOnlyEdit(SHOWN_COLUMNS.section_name, known, sectionName));
  return edits;
}
