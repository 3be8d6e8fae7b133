import type { OrgApi } from '../../api/org-api.js';
import { readField } from '../../api/checks/read-field.js';
import { describeCheck, notChecked, type ConformanceCheck } from './conformance-check.js';
import { observeFailure } from './observe-failure.js';
import { rawItems } from '../../api/schemas/reading/read-each.js';
import { UNAPPLIED_WRITE_ADVICE } from '../../api/transport/run-request.js';

const REFUSED_MEANING = 'imports would fail their rows, or take an unapplied change for done: do not import until this passes';

/**
 * `--write-probe c-CODE`: finds the business by its store code, sends its current name unchanged,
 * then reads it again. The only write conformance makes, and one that changes nothing.
 */
export async function checkWriteAnswer(api: OrgApi, probe: string): Promise<ConformanceCheck> {
  const code = probe.slice('c-'.length);
  try {
    const found = await api.searchBusinesses({ code: [code] });
    const business = rawItems(found.businesses, found.unreadable).find((item) => readField(item, 'code') === code);
    const id = readField(business, 'id');
    const name = readField(business, 'name');
    // A probe of no business says nothing of the service: the code given is the user's.
    if (typeof id !== 'string' || typeof name !== 'string') return notChecked('write-answer', `no business with store code ${code} and a name that this key can read; name one it can write, as c-CODE`);
    const answer = await api.updateBusiness(id, { name });
    const again = await api.searchBusinesses({ business__in: [id] });
    const nameNow = readField(rawItems(again.businesses, again.unreadable)[0], 'name');
    if (nameNow !== name) {
      return describeCheck('write-answer', 'blocking', `sent name ${JSON.stringify(name)} unchanged, then read ${JSON.stringify(nameNow)}`, REFUSED_MEANING);
    }
    return describeCheck('write-answer', 'ok', `business ${id}: name sent unchanged, answered ${JSON.stringify(answer)}, read back unchanged`, 'imports know which rows were applied');
  } catch (error) {
    const check = observeFailure('write-answer', error, REFUSED_MEANING);
    // The probe is no import: the imports' advice to send it again is not for this check.
    return { ...check, observed: check.observed.replace(` ${UNAPPLIED_WRITE_ADVICE}`, '') };
  }
}
