import { retryDelayMs } from './database-connection.supervisor.js';

describe('retryDelayMs', () => {
  it('backs off exponentially from 250 ms and never waits more than 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000,
    ]);
  });
});
