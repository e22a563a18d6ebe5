import { OneWritePerKey } from './one-write-per-key.js';

describe('OneWritePerKey', () => {
  it('runs one key’s writes one after another, in order, and other keys beside them', async () => {
    const writes = new OneWritePerKey();
    const log: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      log.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([
      writes.run('a', slow('a1', 20)),
      writes.run('a', slow('a2', 1)),
      writes.run('b', slow('b1', 1)),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a2 starts')).toBeGreaterThan(log.indexOf('a1 ends'));
    expect(log.indexOf('b1 starts')).toBeLessThan(log.indexOf('a1 ends'));
  });

  it('runs the next write after a failed one, and hands each caller its own outcome', async () => {
    const writes = new OneWritePerKey();
    const failed = writes.run('a', () => Promise.reject(new Error('refused')));
    const next = writes.run('a', () => Promise.resolve('stored'));
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('stored');
  });
});
