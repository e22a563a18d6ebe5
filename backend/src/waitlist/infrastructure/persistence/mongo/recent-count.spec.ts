import { RecentCount } from './recent-count.js';

function counter(stored: { value: number }) {
  let now = 0;
  let takes = 0;
  const count = new RecentCount(
    () => {
      takes += 1;
      return Promise.resolve(stored.value);
    },
    1_000,
    () => now,
  );
  return {
    count,
    takes: () => takes,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('RecentCount', () => {
  it('counts once for readers within the freshness window, then again', async () => {
    const stored = { value: 3 };
    const { count, takes, advance } = counter(stored);
    expect(await count.get()).toBe(3);
    stored.value = 5; // another instance stored two
    advance(999);
    expect(await count.get()).toBe(3);
    advance(1);
    expect(await count.get()).toBe(3); // the last count, while a new one is taken
    expect(await count.get()).toBe(5);
    expect(takes()).toBe(2);
  });

  it('makes readers wait for a new count once the last is ten windows old', async () => {
    const stored = { value: 3 };
    const { count, advance } = counter(stored);
    await count.get();
    stored.value = 4;
    advance(10_000);
    expect(await count.get()).toBe(4);
  });

  it('shares one count among concurrent readers', async () => {
    const { count, takes } = counter({ value: 7 });
    expect(await Promise.all([count.get(), count.get(), count.get()])).toEqual([7, 7, 7]);
    expect(takes()).toBe(1);
  });

  it('includes what this process stored since, without counting again', async () => {
    const { count, takes } = counter({ value: 1 });
    await count.get();
    count.increment();
    expect(await count.get()).toBe(2);
    expect(takes()).toBe(1);
  });

  it('counts again after a failed count', async () => {
    let fail = true;
    const count = new RecentCount(
      () => (fail ? Promise.reject(new Error('database down')) : Promise.resolve(4)),
      1_000,
    );
    await expect(count.get()).rejects.toThrow('database down');
    fail = false;
    expect(await count.get()).toBe(4);
  });
});
