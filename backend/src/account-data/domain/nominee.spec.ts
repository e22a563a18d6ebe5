import { InvalidNomineeError, nomineeOf } from './nominee.js';

const AT = new Date('2026-11-28T06:00:00Z');

describe('the nominee', () => {
  it('keeps the name (spaces tidied) and the address in its one spelling', () => {
    expect(nomineeOf({ name: '  Meera   Sharma ', email: ' Meera@Example.COM ' }, AT)).toEqual({
      name: 'Meera Sharma',
      email: 'meera@example.com',
      updatedAt: AT,
    });
  });

  it.each([
    [{ name: '', email: 'meera@example.com' }, { name: 'Enter your nominee’s name' }],
    [
      { name: 'x'.repeat(101), email: 'meera@example.com' },
      { name: 'The name can be at most 100 characters' },
    ],
    [
      { name: '<script>', email: 'meera@example.com' },
      { name: 'Enter a name without < > or control characters' },
    ],
    [
      { name: 'Meera', email: 'not-an-address' },
      { email: 'Enter an e-mail address like name@example.com' },
    ],
    [
      { name: 'Meera', email: 'a b@example.com' },
      { email: 'Enter an e-mail address like name@example.com' },
    ],
  ])('refuses %j with each field’s message', (input, fieldErrors) => {
    expect(() => nomineeOf(input, AT)).toThrow(InvalidNomineeError);
    try {
      nomineeOf(input, AT);
    } catch (error) {
      expect((error as InvalidNomineeError).fieldErrors).toEqual(fieldErrors);
    }
  });
});
