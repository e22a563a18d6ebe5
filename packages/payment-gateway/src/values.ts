/** Ids, clocks, signatures and the request-field readers every route shares. */
import { createHmac, randomBytes } from 'node:crypto';
import { isRecord } from '@paylock/dev-http';
import { badRequest } from './errors.ts';
import type { Notes } from './types.ts';

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
export const VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function newId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET.charAt(byte % ID_ALPHABET.length);
  return `${prefix}_${id}`;
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomBytes(4).readUInt32BE() % (index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function notesOf(value: unknown, field = 'notes'): Notes {
  if (value === undefined || value === null) return {};
  if (Array.isArray(value) && value.length === 0) return {};
  if (!isRecord(value)) throw badRequest('notes should be an object', field);
  const entries = Object.entries(value);
  if (entries.length > 15) throw badRequest('notes can have a maximum of 15 keys', field);
  const notes: Notes = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') {
      throw badRequest(`notes.${key} should be a string`, field);
    }
    const text = String(note);
    if (text.length > 256) throw badRequest('notes values may be at most 256 characters', field);
    notes[key] = text;
  }
  return notes;
}

export function amountOf(value: unknown, field: string, minimum: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw badRequest(`The ${field} must be an integer.`, field);
  }
  if (value < minimum) {
    throw badRequest(
      minimum === 100
        ? 'Order amount less than minimum amount allowed'
        : `The ${field} must be atleast ${String(minimum)}.`,
      field,
    );
  }
  return value;
}

export function stringOf(
  value: unknown,
  field: string,
  maxLength: number,
  required = true,
): string {
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest(`The ${field} field is required.`, field);
    return '';
  }
  if (typeof value !== 'string') throw badRequest(`The ${field} must be a string.`, field);
  if (value.length > maxLength) {
    throw badRequest(
      `The ${field} may not be greater than ${String(maxLength)} characters.`,
      field,
    );
  }
  return value;
}

export function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}
