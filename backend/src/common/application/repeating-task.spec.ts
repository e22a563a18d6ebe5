import { RepeatingTask } from './repeating-task.js';

/** Resolves once `predicate` holds, checking after each turn of the event loop. */
async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setImmediate(resolve));
}

describe('RepeatingTask', () => {
  it('runs again when a run asks for it, one run at a time, and stops after the run in flight', async () => {
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    const task = new RepeatingTask({
      run: async () => {
        runs += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        return runs < 3 ? 0 : 60_000;
      },
      onError: () => 60_000,
    });
    task.start();
    task.wake();
    await until(() => runs === 3 && inFlight === 0);
    task.wake(); // brings the next run forward from a minute away
    await until(() => runs === 4);
    await task.stop();
    expect({ running: task.running, stopped: task.stopped, most }).toEqual({
      running: false,
      stopped: true,
      most: 1,
    });
    task.start();
    expect(task.running).toBe(false);
  });

  it('reports a failed run and goes on at the delay the report gives', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const task = new RepeatingTask({
      run: () => {
        runs += 1;
        return runs === 1 ? Promise.reject(new Error('database down')) : Promise.resolve(60_000);
      },
      onError: (error) => {
        errors.push(error);
        return 0;
      },
      unref: true,
    });
    task.start();
    await until(() => runs === 2);
    await task.stop();
    expect(errors).toEqual([new Error('database down')]);
  });
});
