import { describe, expect, it } from 'vitest';
import { exportQueryOf, queryFromSearchParams, searchParamsFromQuery } from '../waitlist-query';

describe('the table state in the address', () => {
  it('keeps only what the API accepts', () => {
    const params = new URLSearchParams(
      'status=confirmed&status=deleted&userType=brand&earlyAccess=maybe&from=2026-11-01&to=nope' +
        '&q=asha&sort=email&order=desc&page=2&pageSize=1000',
    );
    expect(queryFromSearchParams(params)).toEqual({
      status: ['confirmed'],
      userType: ['brand'],
      from: '2026-11-01',
      q: 'asha',
      order: 'desc',
      page: 2,
    });
  });

  it('round-trips through the address, repeated parameters included', () => {
    const query = {
      status: ['confirmed', 'invited'] as ('confirmed' | 'invited')[],
      q: '+91 98765',
      sort: 'seat' as const,
      page: 3,
    };
    const params = searchParamsFromQuery(query);
    expect(params.toString()).toBe(
      'status=confirmed&status=invited&q=%2B91+98765&sort=seat&page=3',
    );
    expect(queryFromSearchParams(params)).toEqual(query);
  });

  it('exports the filter and sort without the page', () => {
    expect(exportQueryOf({ q: 'x', page: 2, pageSize: 50, sort: 'name' })).toEqual({
      q: 'x',
      sort: 'name',
    });
  });
});
