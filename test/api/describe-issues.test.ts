import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeDrift, describeFieldIssues, describeUnreadable, listFlagIssues, listSettingIssues, REPORT_INPUT } from '../../src/api/schemas/reading/describe-issues.js';

const Business = z.object({ id: z.string(), contacts: z.array(z.object({ phone: z.string() })), status: z.enum(['open', 'closed']) });

function issuesOf(schema: z.ZodType, value: unknown): z.core.$ZodIssue[] {
  return schema.safeParse(value, REPORT_INPUT).error?.issues ?? [];
}

describe('describe issues', () => {
  const issues = issuesOf(Business, { contacts: [{ phone: null }], status: 'gone' });

  it('says what came and what was expected, with the field path of a column', () => {
    expect(describeUnreadable(issues)).toBe('id is missing (expected a text); contacts.0.phone is null (expected a text); status is "gone" (expected one of open, closed)');
    expect(describeUnreadable(issuesOf(Business, []))).toBe('the item is a list (expected an object)');
  });

  it('says how the answer drifted, the first three and how many more', () => {
    const four = issuesOf(z.object({ a: z.number(), b: z.number(), c: z.number(), d: z.number() }), {});
    expect(describeDrift(four)).toBe(
      'the service answered nothing where a number was expected at a; the service answered nothing where a number was expected at b; the service answered nothing where a number was expected at c (and 1 more)',
    );
    expect(describeDrift(issuesOf(Business, 'x'))).toBe('the service answered "x" where an object was expected');
    expect(describeDrift(issuesOf(Business, { id: '1', contacts: [{ phone: '1' }, { phone: 3 }], status: 'open' }))).toBe('the service answered 3 where a text was expected at contacts[1].phone');
  });

  it("names an answer's fields as the API does, the whole answer as _schema, and says what it held where Zod would name its types", () => {
    const Answer = z.looseObject({ status: z.literal('success'), id: z.string().refine((id) => id === 'b1', 'not the business addressed') });
    expect(describeFieldIssues(issuesOf(Answer, { status: 'queued', id: 'b2' }))).toBe('status: "queued" where "success" was expected; id: not the business addressed');
    expect(describeFieldIssues(issuesOf(Answer, 'OK'))).toBe('_schema: "OK" where an object was expected');
  });

  it('names flags as typed on the command line', () => {
    expect(listFlagIssues([{ path: ['max_errors'], message: 'must be a number' }])).toEqual(['--max-errors: must be a number']);
    // A repeated flag's values share its name, in the words of the other problems.
    const Filters = z.strictObject({ status: z.array(z.enum(['open', 'closed'])), nps: z.array(z.number().max(10)) });
    expect(listFlagIssues(issuesOf(Filters, { status: ['opened'], nps: [11] }))).toEqual(['--status: one of open, closed (did you mean open?)', '--nps: must be at most 10']);
  });

  it('says what a settings file needs, by its path in the file', () => {
    const Job = z.strictObject({ name: z.string().min(1), steps: z.array(z.strictObject({ mode: z.enum(['diff', 'patch']), retries: z.number().min(0) })) });
    expect(listSettingIssues(issuesOf(Job, { name: '', steps: [{ mode: 'x', retries: -1, extra: 1 }] }))).toEqual([
      'name: must not be empty',
      'steps[0].mode: one of diff, patch',
      'steps[0].retries: must be at least 0',
      'steps[0].extra: unknown setting',
    ]);
    expect(listSettingIssues(issuesOf(Job, 'x'))).toEqual(['(top level): must be an object']);
  });

  it('reports the problems of the kind an object names, else the words of its union', () => {
    const Step = z.union([z.strictObject({ import: z.string() }), z.strictObject({ export: z.string() })], { error: 'a step holds either import: or export:' });
    const Steps = z.array(Step);
    expect(listSettingIssues(issuesOf(Steps, [{ export: 1 }, { copy: 'a' }]))).toEqual(['[0].export: must be a text', '[1]: a step holds either import: or export:']);
  });

  it('reports the problems of the kind a value is, a list of organizations, else what each kind wants', () => {
    const positiveInt = z.number().int().positive();
    const Org = z.union([positiveInt, z.array(positiveInt).min(1), z.literal('all')]);
    expect(listSettingIssues(issuesOf(Org, [1.5, 'x']))).toEqual(['[0]: must be a whole number', '[1]: must be a number']);
    expect(listSettingIssues(issuesOf(Org, 'some'))).toEqual(['(top level): must be a number or a list or "all"']);
  });
});
