/**
 * The waitlist's contract face: domain rules other features' domain and application code may use
 * (plain TypeScript, nothing from Nest or Mongoose). The Nest wiring is in index.ts.
 */
export { IndianMobileNumber } from './domain/indian-mobile-number.js';
export { InvalidWaitlistValueError } from './domain/waitlist.errors.js';
export { USER_TYPES, type UserType } from './domain/user-type.js';
