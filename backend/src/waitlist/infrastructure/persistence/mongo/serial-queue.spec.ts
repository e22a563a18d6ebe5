import { setTimeout as sleep } from 'node:timers/promises';
import { SerialQueue } from './serial-queue.js';

class OutageError extends Error {}

const isOutage = (error: unknown) => error instanceof OutageError;

describe('SerialQueue', () => {
  it('runs tasks one at a time, in the order they were queued', async () => {
    const queue = new SerialQueue(isOutage);
    const events: string[] = [];
    const task = (name: string, ms: number) => async () => {
      events.push(`start ${name}`);
      await sleep(ms);
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run(task('a', 20)),
      queue.run(task('b', 1)),
      queue.run(task('c', 5)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps going after a task fails for any other reason', async () => {
    const queue = new SerialQueue(isOutage);
    const failing = queue.run(() => Promise.reject(new Error('duplicate')));
    const next = queue.run(() => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('duplicate');
    await expect(next).resolves.toBe('ran');
  });

  it('fails the tasks waiting behind an outage at once, then tries again', async () => {
    const queue = new SerialQueue(isOutage);
    const outage = new OutageError('database unreachable');
    let waitingTaskRan = false;
    const first = queue.run(async () => {
      await sleep(20);
      throw outage;
    });
    const waiting = queue.run(() => {
      waitingTaskRan = true;
      return Promise.resolve('ran');
    });
    await expect(first).rejects.toBe(outage);
    await expect(waiting).rejects.toBe(outage);
    expect(waitingTaskRan).toBe(false);
    await expect(queue.run(() => Promise.resolve('after'))).resolves.toBe('after');
  });
});
