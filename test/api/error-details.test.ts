import { describe, expect, it } from 'vitest';
import { describeErrorDetails, readErrorDetails } from '../../src/api/errors/error-details.js';

describe('error details', () => {
  it('flattens an errors.json map to field.path: message lines', () => {
    const details = readErrorDetails({
      errors: { json: { name: ['must not be empty'], contacts: { '0': { email: ['must be an email address'] } }, _schema: ['Body is not valid JSON'] } },
    });
    expect(details.shape).toBe('fields');
    expect(describeErrorDetails(details)).toEqual(['name: must not be empty', 'contacts.0.email: must be an email address', 'Body is not valid JSON']);
  });

  it('reads attribute errors, whose leaves are single messages', () => {
    expect(describeErrorDetails(readErrorDetails({ errors: { json: { has_wifi: 'must be a bool' } } }))).toEqual(['has_wifi: must be a bool']);
  });

  it('reads the edit_not_allowed map under errors.authorization', () => {
    const details = readErrorDetails({ errors: { authorization: { name: 'edit_not_allowed', 'photos.primary': 'edit_not_allowed' } } });
    expect(details).toEqual({ shape: 'not-allowed', fields: { name: 'edit_not_allowed', 'photos.primary': 'edit_not_allowed' } });
    expect(describeErrorDetails(details)).toEqual(['name: edit_not_allowed', 'photos.primary: edit_not_allowed']);
  });

  it('reads both feedback detail shapes', () => {
    expect(readErrorDetails({ detail: 'Form not found.' })).toEqual({ shape: 'message', message: 'Form not found.' });
    const issues = readErrorDetails({ detail: [{ loc: ['query', 'nps__gte'], msg: 'Input should be less than or equal to 10', type: 'less_than_equal' }] });
    expect(describeErrorDetails(issues)).toEqual(['query.nps__gte: Input should be less than or equal to 10']);
  });

  it('keeps single texts and tolerates bodies of no known shape', () => {
    expect(readErrorDetails({ errors: { json: 'Resource not found' } })).toEqual({ shape: 'message', message: 'Resource not found' });
    expect(readErrorDetails({ errors: { authentication: 'User not authenticated' } })).toEqual({ shape: 'message', message: 'User not authenticated' });
    expect(readErrorDetails('<html>Bad gateway</html>')).toEqual({ shape: 'none' });
    expect(describeErrorDetails({ shape: 'none' })).toEqual([]);
  });
});
