import { DUPLICATE_KEY, insertedFirst, isDuplicateKeysOnly } from './duplicate-key.js';

const refusedByUniqueIndex = () =>
  Object.assign(new Error('E11000 duplicate key'), { code: 11000 });

describe('insertedFirst', () => {
  it('answers true when the insert stored its document', async () => {
    await expect(insertedFirst(() => Promise.resolve({ acknowledged: true }))).resolves.toBe(true);
  });

  it('answers false when a unique index refused it: another caller stored it first', async () => {
    await expect(insertedFirst(() => Promise.reject(refusedByUniqueIndex()))).resolves.toBe(false);
  });

  it('throws any other failure as it came, a lost connection included', async () => {
    const lost = Object.assign(new Error('connection closed'), { code: 6 });
    await expect(insertedFirst(() => Promise.reject(lost))).rejects.toBe(lost);
  });
});

describe('isDuplicateKeysOnly', () => {
  it('is true for a bulk write refused only for documents already stored', () => {
    expect(
      isDuplicateKeysOnly({ writeErrors: [{ code: DUPLICATE_KEY }, { code: DUPLICATE_KEY }] }),
    ).toBe(true);
    expect(isDuplicateKeysOnly({ writeErrors: { code: DUPLICATE_KEY } })).toBe(true);
  });

  it('is false when any write failed for another reason, or nothing says why', () => {
    expect(isDuplicateKeysOnly({ writeErrors: [{ code: DUPLICATE_KEY }, { code: 121 }] })).toBe(
      false,
    );
    expect(isDuplicateKeysOnly(new Error('socket hang up'))).toBe(false);
  });
});
