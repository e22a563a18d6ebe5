import { InvalidAdminQueryError } from './admin.errors.js';
import { parsePageQuery, parseWaitlistQuery } from './waitlist-query.js';

function problemsOf(raw: Record<string, unknown>, paging = true): Record<string, string> {
  try {
    parseWaitlistQuery(raw, { paging });
  } catch (error) {
    if (error instanceof InvalidAdminQueryError) return { ...error.fieldErrors };
    throw error;
  }
  throw new Error('expected InvalidAdminQueryError');
}

describe('parseWaitlistQuery', () => {
  it('defaults to the first page of 25, newest first', () => {
    expect(parseWaitlistQuery({}, { paging: true })).toEqual({
      filter: {},
      sort: { field: 'joinedAt', direction: 'desc' },
      page: 1,
      pageSize: 25,
      summary: 'sort=joinedAt&order=desc',
    });
  });

  it('reads every filter, repeated or comma-separated', () => {
    const query = parseWaitlistQuery(
      {
        status: ['confirmed', 'invited,joined'],
        userType: 'brand,agency',
        earlyAccess: 'true',
        from: '2026-11-01',
        to: '2026-11-22',
        q: ' +91 98765 43210 ',
        sort: 'seat',
        page: '3',
        pageSize: '100',
      },
      { paging: true },
    );
    expect(query).toEqual({
      filter: {
        statuses: ['confirmed', 'invited', 'joined'],
        userTypes: ['brand', 'agency'],
        earlyAccess: true,
        joinedFrom: new Date('2026-11-01T00:00:00Z'),
        joinedBefore: new Date('2026-11-23T00:00:00Z'),
        search: {
          text: '+91 98765 43210',
          email: '+91 98765 43210',
          phoneDigits: '9876543210',
          handle: null,
        },
      },
      sort: { field: 'seat', direction: 'asc' },
      page: 3,
      pageSize: 100,
      summary:
        'status=confirmed,invited,joined&userType=brand,agency&earlyAccess=true&from=2026-11-01' +
        '&to=2026-11-22&q=(15 characters)&sort=seat&order=asc',
    });
  });

  it('refuses unknown parameters and values, one message each', () => {
    expect(
      problemsOf({
        sort: 'email',
        order: 'sideways',
        status: 'deleted',
        userType: ['brand', { $ne: 1 }],
        earlyAccess: 'maybe',
        'q[$regex]': '.*',
        pageSize: '1000',
        page: '-1',
      }),
    ).toEqual({
      sort: 'sort must be one of seat, joinedAt, name',
      order: 'order must be one of asc, desc',
      status: 'status must be one or more of awaiting_confirmation, confirmed, invited, joined',
      userType: 'userType must be one or more of influencer, brand, agency, talent_manager',
      earlyAccess: 'earlyAccess must be one of true, false',
      'q[$regex]': 'q[$regex] is not a known parameter',
      pageSize: 'pageSize must be an integer between 1 and 100',
      page: 'page must be an integer between 1 and 10000',
    });
  });

  it('refuses a search that is not plain text or is too long, and bad dates', () => {
    expect(problemsOf({ q: { $gt: '' } })).toEqual({ q: 'q must be given once' });
    expect(problemsOf({ q: 'a\u200bb' })).toEqual({ q: 'q must be plain text' });
    expect(problemsOf({ q: 'x'.repeat(101) })).toEqual({ q: 'q must be at most 100 characters' });
    expect(problemsOf({ from: '2026-13-01', to: '2026-11-1' })).toEqual({
      from: 'from must be a date like 2026-11-23',
      to: 'to must be a date like 2026-11-23',
    });
  });

  it('has no paging for the export', () => {
    expect(problemsOf({ page: '1' }, false)).toEqual({ page: 'page is not a known parameter' });
  });
});

describe('parsePageQuery', () => {
  it('reads page and pageSize, and nothing else', () => {
    expect(parsePageQuery({ page: '2', pageSize: '10' })).toEqual({ page: 2, pageSize: 10 });
    expect(() => parsePageQuery({ status: 'confirmed' })).toThrow(InvalidAdminQueryError);
  });
});
