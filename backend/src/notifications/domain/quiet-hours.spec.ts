import { firstSendableAt, isQuiet, istHourOn } from './quiet-hours.js';

// IST is UTC+05:30 all year: 21:00 IST = 15:30 UTC, 09:00 IST = 03:30 UTC.
describe('quiet hours, 21:00–09:00 India time', () => {
  it.each([
    ['2026-11-20T15:29:59.999Z', false, '20:59:59.999 IST, the last moment before'],
    ['2026-11-20T15:30:00.000Z', true, '21:00 IST sharp'],
    ['2026-11-20T18:29:59.999Z', true, 'one millisecond before IST midnight'],
    ['2026-11-20T18:30:00.000Z', true, 'IST midnight (still the previous UTC day after 18:30)'],
    ['2026-11-20T23:59:59.999Z', true, 'UTC midnight is 05:30 IST'],
    ['2026-11-21T03:29:59.999Z', true, '08:59:59.999 IST'],
    ['2026-11-21T03:30:00.000Z', false, '09:00 IST sharp'],
    ['2026-11-21T10:00:00.000Z', false, '15:30 IST'],
  ])('%s is quiet: %s (%s)', (at, quiet) => {
    expect(isQuiet(new Date(at))).toBe(quiet);
  });

  it('leaves a moment outside quiet hours as it is', () => {
    const at = new Date('2026-11-21T03:30:00.000Z');
    expect(firstSendableAt(at)).toEqual(at);
  });

  it('moves an evening reminder to 09:00 IST the next India day', () => {
    expect(firstSendableAt(new Date('2026-11-20T15:30:00.000Z')).toISOString()).toBe(
      '2026-11-21T03:30:00.000Z',
    );
    expect(firstSendableAt(new Date('2026-11-20T18:29:59.999Z')).toISOString()).toBe(
      '2026-11-21T03:30:00.000Z',
    );
  });

  it('moves one after IST midnight (the UTC date still the day before) to 09:00 that same India day', () => {
    expect(firstSendableAt(new Date('2026-11-20T18:30:00.000Z')).toISOString()).toBe(
      '2026-11-21T03:30:00.000Z',
    );
    expect(firstSendableAt(new Date('2026-11-21T03:29:59.999Z')).toISOString()).toBe(
      '2026-11-21T03:30:00.000Z',
    );
  });

  it('crosses a month and a year end in India time', () => {
    expect(firstSendableAt(new Date('2026-12-31T20:00:00.000Z')).toISOString()).toBe(
      '2027-01-01T03:30:00.000Z',
    );
  });

  it('reads an India calendar day at an IST hour', () => {
    expect(istHourOn('2026-12-01', 9).toISOString()).toBe('2026-12-01T03:30:00.000Z');
  });
});
