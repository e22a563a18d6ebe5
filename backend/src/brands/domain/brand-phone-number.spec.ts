import { maskPhone, parseBrandPhoneNumber } from './brand-phone-number.js';

describe('parseBrandPhoneNumber: the waitlist’s 10-digit rule, plus the +91 or 0 prefix', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['  98765\t43210  ', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+ 91 98765 43210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['0 98765 43210', '+919876543210'],
    ['6000000000', '+916000000000'],
  ])('accepts %j as %s', (input, e164) => {
    expect(parseBrandPhoneNumber(input).e164).toBe(e164);
  });

  it.each([
    ['', 'Mobile number is required'],
    ['   ', 'Mobile number is required'],
    ['987654321', 'Please enter a valid 10-digit phone number'],
    ['98765432101', 'Please enter a valid 10-digit phone number'],
    ['5876543210', 'Please enter a valid 10-digit phone number'],
    ['98765abcde', 'Please enter a valid 10-digit phone number'],
    ['98765-43210', 'Please enter a valid 10-digit phone number'],
    ['(987) 654-3210', 'Please enter a valid 10-digit phone number'],
    ['९८७६५४३२१०', 'Please enter a valid 10-digit phone number'],
    ['٩٨٧٦٥٤٣٢١٠', 'Please enter a valid 10-digit phone number'],
    ['９８７６５４３２１０', 'Please enter a valid 10-digit phone number'],
    ['919876543210', 'Please enter a valid 10-digit phone number'],
    ['0091 98765 43210', 'Please enter a valid 10-digit phone number'],
    ['+91', 'Phone number is required'],
    ['+1 415 555 0100', 'Only Indian mobile numbers (+91) can be used'],
    ['+447911123456', 'Only Indian mobile numbers (+91) can be used'],
    ['+9779812345678', 'Only Indian mobile numbers (+91) can be used'],
    ['001 415 555 0100', 'Only Indian mobile numbers (+91) can be used'],
    ['00 98765 43210', 'Only Indian mobile numbers (+91) can be used'],
    ['9'.repeat(41), 'Please enter a valid 10-digit phone number'],
  ])('refuses %j: %s', (input, message) => {
    expect(() => parseBrandPhoneNumber(input)).toThrow(message);
  });

  it('masks all but the first two and last two digits', () => {
    expect(maskPhone(parseBrandPhoneNumber('9876543210'))).toBe('+91 98XXXXXX10');
  });
});
