import { InvalidAdminQueryError } from './admin.errors.js';
import { isMailMessageId, parseMailQuery } from './mail-query.js';

function problemsOf(raw: Record<string, unknown>): Record<string, string> {
  try {
    parseMailQuery(raw);
  } catch (error) {
    if (error instanceof InvalidAdminQueryError) return { ...error.fieldErrors };
    throw error;
  }
  throw new Error('expected InvalidAdminQueryError');
}

describe('parseMailQuery', () => {
  it('defaults to every status, the first page of 25', () => {
    expect(parseMailQuery({})).toEqual({ page: 1, pageSize: 25 });
  });

  it('reads a status and the page', () => {
    expect(parseMailQuery({ status: 'failed', page: '2', pageSize: '100' })).toEqual({
      status: 'failed',
      page: 2,
      pageSize: 100,
    });
  });

  it('refuses unknown statuses, repeated values, unknown parameters and oversized pages at once', () => {
    expect(
      problemsOf({ status: 'bounced', pageSize: '101', sort: 'createdAt', page: '0' }),
    ).toEqual({
      status: 'status must be one of queued, sending, sent, failed',
      pageSize: 'pageSize must be an integer between 1 and 100',
      page: 'page must be an integer between 1 and 10000',
      sort: 'sort is not a known parameter',
    });
    expect(problemsOf({ status: ['failed', 'sent'] })).toEqual({
      status: 'status must be given once',
    });
    expect(problemsOf({ status: { $ne: 'sent' } })).toEqual({
      status: 'status must be given once',
    });
  });
});

describe('isMailMessageId', () => {
  it('accepts the store’s UUIDs only', () => {
    expect(isMailMessageId('0b8f1c3e-4a5d-4e6f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isMailMessageId('0B8F1C3E-4A5D-4E6F-8A9B-0C1D2E3F4A5B')).toBe(false);
    expect(isMailMessageId('{"$ne":null}')).toBe(false);
    expect(isMailMessageId('')).toBe(false);
  });
});
