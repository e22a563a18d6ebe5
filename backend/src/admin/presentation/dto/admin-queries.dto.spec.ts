import type { Type } from '@nestjs/common';
import { createValidationPipe } from '../../../common/presentation/validation.pipe.js';
import { RequestValidationException } from '../../../common/presentation/request-validation.exception.js';
import {
  AuditLogQueryDto,
  MailQueryDto,
  mailQueryOf,
  WaitlistFilterQueryDto,
  WaitlistPageQueryDto,
  waitlistQueryOf,
} from './admin-queries.dto.js';

const pipe = createValidationPipe();

/** The query string as Express hands it over, through the pipe every request goes through. */
function read<T>(dto: Type<T>, raw: Record<string, unknown>): Promise<T> {
  return pipe.transform(raw, { type: 'query', metatype: dto }) as Promise<T>;
}

async function problemsOf(dto: Type<unknown>, raw: Record<string, unknown>) {
  try {
    await read(dto, raw);
  } catch (error) {
    if (error instanceof RequestValidationException) return { ...error.fieldErrors };
    throw error;
  }
  throw new Error('expected a RequestValidationException');
}

describe('WaitlistPageQueryDto', () => {
  it('defaults to the first page of 25, newest first', async () => {
    const params = await read(WaitlistPageQueryDto, {});
    expect(waitlistQueryOf(params, params)).toEqual({
      filter: {},
      sort: { field: 'joinedAt', direction: 'desc' },
      page: 1,
      pageSize: 25,
      summary: 'sort=joinedAt&order=desc',
    });
  });

  it('reads every filter, repeated or comma-separated', async () => {
    const params = await read(WaitlistPageQueryDto, {
      status: ['confirmed', 'invited,joined'],
      userType: 'brand,agency',
      earlyAccess: 'true',
      from: '2026-11-01',
      to: '2026-11-22',
      q: ' +91 98765 43210 ',
      sort: 'seat',
      page: '3',
      pageSize: '100',
    });
    expect(waitlistQueryOf(params, params)).toEqual({
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

  it('refuses unknown parameters and values, one message each', async () => {
    expect(
      await problemsOf(WaitlistPageQueryDto, {
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

  it('refuses a search that is not plain text or is too long, repeats and bad dates', async () => {
    expect(await problemsOf(WaitlistPageQueryDto, { q: { $gt: '' } })).toEqual({
      q: 'q must be given once',
    });
    expect(await problemsOf(WaitlistPageQueryDto, { sort: ['seat', 'name'] })).toEqual({
      sort: 'sort must be given once',
    });
    expect(await problemsOf(WaitlistPageQueryDto, { q: 'a\u200bb' })).toEqual({
      q: 'q must be plain text',
    });
    expect(await problemsOf(WaitlistPageQueryDto, { q: 'x'.repeat(101) })).toEqual({
      q: 'q must be at most 100 characters',
    });
    expect(await problemsOf(WaitlistPageQueryDto, { from: '2026-13-01', to: '2026-11-1' })).toEqual(
      {
        from: 'from must be a date like 2026-11-23',
        to: 'to must be a date like 2026-11-23',
      },
    );
    expect(await problemsOf(WaitlistPageQueryDto, { from: '2026-02-30' })).toEqual({
      from: 'from must be a date like 2026-11-23',
    });
  });

  it('has no paging for the export', async () => {
    expect(await problemsOf(WaitlistFilterQueryDto, { page: '1' })).toEqual({
      page: 'page is not a known parameter',
    });
  });
});

describe('AuditLogQueryDto', () => {
  it('reads page and pageSize, and nothing else', async () => {
    expect(await read(AuditLogQueryDto, { page: '2', pageSize: '10' })).toMatchObject({
      page: 2,
      pageSize: 10,
    });
    expect(await problemsOf(AuditLogQueryDto, { status: 'confirmed', page: '1.5' })).toEqual({
      status: 'status is not a known parameter',
      page: 'page must be an integer between 1 and 10000',
    });
  });
});

describe('MailQueryDto', () => {
  it('defaults to every status, the first page of 25, and reads a status', async () => {
    expect(mailQueryOf(await read(MailQueryDto, {}))).toEqual({ page: 1, pageSize: 25 });
    const params = await read(MailQueryDto, { status: 'failed', page: '2', pageSize: '100' });
    expect(mailQueryOf(params)).toEqual({ status: 'failed', page: 2, pageSize: 100 });
  });

  it('refuses unknown statuses, repeated values, unknown parameters and oversized pages at once', async () => {
    expect(
      await problemsOf(MailQueryDto, {
        status: 'bounced',
        pageSize: '101',
        sort: 'createdAt',
        page: '0',
      }),
    ).toEqual({
      status: 'status must be one of queued, sending, sent, failed',
      pageSize: 'pageSize must be an integer between 1 and 100',
      page: 'page must be an integer between 1 and 10000',
      sort: 'sort is not a known parameter',
    });
    expect(await problemsOf(MailQueryDto, { status: ['failed', 'sent'] })).toEqual({
      status: 'status must be given once',
    });
    expect(await problemsOf(MailQueryDto, { status: { $ne: 'sent' } })).toEqual({
      status: 'status must be given once',
    });
  });
});
