import { KeyedRange } from './keyed-range.js';
import { InvalidCursorError, OpaqueCursor } from './opaque-cursor.js';

describe('KeyedRange', () => {
  const range = new KeyedRange(50);

  it('addresses page N of a dense sequence, newest first, by the keys of its blocks', () => {
    expect(range.newestFirst(120, 1, 25)).toEqual({ first: 96, last: 120 });
    expect(range.blockKeys('all', range.newestFirst(120, 1, 25))).toEqual([
      'all:000000001',
      'all:000000002',
    ]);
    expect(range.newestFirst(120, 5, 25)).toEqual({ first: 1, last: 20 });
    expect(range.blockKeys('all', range.newestFirst(120, 6, 25))).toEqual([]);
  });

  it('continues below a cursor position', () => {
    expect(range.below(96, 25)).toEqual({ first: 71, last: 95 });
    expect(range.below(3, 25)).toEqual({ first: 1, last: 2 });
  });
});

describe('OpaqueCursor', () => {
  const cursors = new OpaqueCursor<{ before: number }>('a-secret', 'a-list');

  it('gives back the position to the owner it was made for', () => {
    expect(cursors.decode('asha', cursors.encode('asha', { before: 42 }))).toEqual({ before: 42 });
  });

  it('refuses another owner, another list, an altered body and rubbish', () => {
    const token = cursors.encode('asha', { before: 42 });
    const [, signature] = token.split('.');
    const altered = `${Buffer.from('{"before":1}').toString('base64url')}.${signature ?? ''}`;
    const otherList = new OpaqueCursor<{ before: number }>('a-secret', 'another-list');
    expect(() => cursors.decode('ravi', token)).toThrow(InvalidCursorError);
    expect(() => otherList.decode('asha', token)).toThrow(InvalidCursorError);
    expect(() => cursors.decode('asha', altered)).toThrow(InvalidCursorError);
    for (const rubbish of ['', '.', 'abc', 'a.b.c', 'x'.repeat(600)])
      expect(() => cursors.decode('asha', rubbish)).toThrow(InvalidCursorError);
  });
});
