import { isMailMessageId } from './mail-message-id.js';

describe('isMailMessageId', () => {
  it('accepts the store’s UUIDs only', () => {
    expect(isMailMessageId('0b8f1c3e-4a5d-4e6f-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isMailMessageId('0B8F1C3E-4A5D-4E6F-8A9B-0C1D2E3F4A5B')).toBe(false);
    expect(isMailMessageId('{"$ne":null}')).toBe(false);
    expect(isMailMessageId('')).toBe(false);
  });
});
