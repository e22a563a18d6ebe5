import { requestIdFrom } from './request-id.middleware.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it('reuses a well-formed incoming id', () => {
    expect(requestIdFrom('edge-7f3a:42.1')).toBe('edge-7f3a:42.1');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['with a line break', 'abc\nforged log line'],
    ['with spaces', 'a b'],
    ['too long', 'x'.repeat(129)],
    ['repeated', ['a', 'b']],
  ])('generates a UUID when the incoming id is %s', (_case, incoming) => {
    expect(requestIdFrom(incoming)).toMatch(UUID);
  });
});
