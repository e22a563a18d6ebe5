import { Clock } from '../../src/common/application/clock.js';

/** The one fake clock of the tests: it stands still until a test moves it. */
export class FakeClock extends Clock {
  constructor(private current = new Date('2026-11-20T10:00:00Z')) {
    super();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }
}
