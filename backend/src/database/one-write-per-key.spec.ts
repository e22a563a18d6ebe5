import { OneWritePerKey } from './one-write-per-key.js';

/** A write the test finishes by hand: `done()` resolves it, `started` says whether it began. */
function heldWrite(name: string, log: string[]) {
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(`${name} starts`);
      await finished;
      log.push(`${name} ends`);
      return name;
    },
    done: () => {
      finish();
    },
  };
}

describe('OneWritePerKey', () => {
  it('runs one key’s writes one after another, in order, and other keys beside them', async () => {
    const writes = new OneWritePerKey();
    const log: string[] = [];
    const [a1, a2, b1] = [heldWrite('a1', log), heldWrite('a2', log), heldWrite('b1', log)];
    const results = Promise.all([
      writes.run('a', a1.run),
      writes.run('a', a2.run),
      writes.run('b', b1.run),
    ]);
    await Promise.resolve();
    // b1 runs beside a1; a2 waits for a1 to end.
    expect(log).toEqual(['a1 starts', 'b1 starts']);
    b1.done();
    a1.done();
    a2.done();
    expect(await results).toEqual(['a1', 'a2', 'b1']);
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
