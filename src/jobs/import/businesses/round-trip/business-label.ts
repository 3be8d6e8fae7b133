import type { CurrentBusiness } from '../complete-business-update.js';

/** What names a business to a person in the plan and undo files, besides its id. */
export interface BusinessLabel {
  id: string;
  code: string;
  name: string;
}

export function labelBusiness(business: CurrentBusiness): BusinessLabel {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return { id: business.id, code: text(business.code), name: text(business.name) };
}
