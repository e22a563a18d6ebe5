import { BackgroundWork } from './background-work.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('background work', () => {
  it('is idle with nothing registered', async () => {
    const work = new BackgroundWork();
    expect(work.idle).toBe(true);
    await expect(work.whenIdle()).resolves.toBeUndefined();
  });

  it('settles only once every registered piece of work has, failures included', async () => {
    const work = new BackgroundWork();
    const first = deferred();
    const second = deferred();
    work.track(first.promise);
    work.track(second.promise);
    let idle = false;
    const waiting = work.whenIdle().then(() => {
      idle = true;
    });
    first.resolve();
    await first.promise;
    expect(idle).toBe(false);
    second.reject(new Error('the caller logs it'));
    await waiting;
    expect(work.idle).toBe(true);
  });

  it('waits for work registered while it waits', async () => {
    const work = new BackgroundWork();
    const first = deferred();
    const later = deferred();
    work.track(first.promise);
    let idle = false;
    const waiting = work.whenIdle().then(() => {
      idle = true;
    });
    work.track(later.promise);
    first.resolve();
    await first.promise;
    await Promise.resolve();
    expect(idle).toBe(false);
    later.resolve();
    await waiting;
    expect(idle).toBe(true);
  });
});
