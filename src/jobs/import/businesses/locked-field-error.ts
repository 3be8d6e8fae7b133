/**
 * A row that changes fields the service refuses to the run (`edit_not_allowed`), or sends an
 * object whole without one that holds a value: the field is disabled for the business's
 * organization, or for the key. Nothing of the row is written.
 */
export class LockedFieldError extends Error {
  override name = 'LockedFieldError';
  /** `column: why`, one per locked field the row changes. */
  readonly errors: string[];

  constructor(
    orgId: number,
    fields: readonly string[],
    /** 403 when the service refused the row; undefined when the row was refused before sending, from what earlier rows learned. */
    readonly httpStatus: number | undefined,
    /** Locked keys the row leaves unchanged but that hold a value in an object it sends whole (`photos.primary`). */
    held: readonly string[] = [],
  ) {
    const errors = [
      ...fields.map((field) => `${field}: disabled for organization ${orgId} or for this key (edit_not_allowed); leave it unchanged`),
      ...held.map((field) => {
        const [object] = field.split('.');
        return `${field}: disabled for organization ${orgId} or for this key (edit_not_allowed), and ${object} is sent whole: without it, a service that replaces ${object} would empty it; leave the ${object} columns unchanged for this organization`;
      }),
    ];
    super(errors.join('; '));
    this.errors = errors;
  }
}
