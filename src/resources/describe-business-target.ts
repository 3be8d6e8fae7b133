/** How a row finds its business: by id, or by store code (resolved by the import). */
export type BusinessTarget = { business_id: string } | { code: string };

/** The report's `_target` of a row not resolved to an id: the id, or `c-<code>` as the API path takes it. */
export function describeBusinessTarget(target: BusinessTarget): string {
  return 'business_id' in target ? target.business_id : `c-${target.code}`;
}

/** The column that found the business: where a "not found" belongs. */
export function findIdentityColumn(target: BusinessTarget): 'business_id' | 'code' {
  return 'business_id' in target ? 'business_id' : 'code';
}
