/**
 * The waitlist's contract face: its pure domain rules that other features' domain and application
 * code may reuse (no Nest, no Mongoose). The deals module checks a brand contact's mobile number
 * and e-mail address with exactly the waitlist's rules through this file.
 */
export { IndianMobileNumber } from './domain/indian-mobile-number.js';
export { EMAIL_MAX_LENGTH, EmailAddress } from './domain/email-address.js';
export { InvalidWaitlistValueError } from './domain/waitlist.errors.js';
export { characterCount, hasInvisibleOrControlCharacters } from './domain/characters.js';
