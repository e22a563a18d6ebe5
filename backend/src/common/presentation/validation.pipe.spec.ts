import { Type } from 'class-transformer';
import {
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsString,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { RequestValidationException } from './request-validation.exception.js';
import { createValidationPipe, MAX_INPUT_DEPTH } from './validation.pipe.js';

class AddressDto {
  @IsString()
  @IsNotEmpty({ message: 'City is required' })
  city!: string;
}

class SignUpDto {
  // class-validator runs a property's decorators bottom-up: the "required" check goes last.
  @MinLength(2, { message: 'Full name must be at least 2 characters' })
  @IsNotEmpty({ message: 'Full name is required' })
  fullName!: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @IsInt()
  @Min(18)
  age!: number;

  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;
}

async function fieldErrorsFor(body: unknown): Promise<Readonly<Record<string, string>>> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: SignUpDto });
  } catch (error) {
    if (error instanceof RequestValidationException) return error.fieldErrors;
    throw error;
  }
  throw new Error('expected the body to be rejected');
}

describe('the global validation pipe', () => {
  const valid = { fullName: 'Asha', email: 'asha@example.in', age: 21, address: { city: 'Pune' } };

  it('passes a valid body through as an instance of its DTO', async () => {
    const result: unknown = await createValidationPipe().transform(valid, {
      type: 'body',
      metatype: SignUpDto,
    });
    expect(result).toBeInstanceOf(SignUpDto);
    expect(result).toEqual(valid);
  });

  it('maps each invalid field, nested ones by path, to its first message', async () => {
    const errors = await fieldErrorsFor({ ...valid, fullName: '', email: 'nope', address: {} });
    expect(errors).toEqual({
      fullName: 'Full name is required',
      email: 'Please enter a valid email address',
      'address.city': 'City is required',
    });
  });

  it('rejects a field the DTO does not declare', async () => {
    const errors = await fieldErrorsFor({ ...valid, isAdmin: true });
    expect(errors).toEqual({ isAdmin: 'property isAdmin should not exist' });
  });

  it.each([
    ['__proto__', '{"__proto__": {"isAdmin": true}}'],
    ['constructor', '{"constructor": {"prototype": {"isAdmin": true}}}'],
    ['a nested __proto__', '{"address": {"city": "Pune", "__proto__": {"isAdmin": true}}}'],
  ])('rejects a prototype key (%s) instead of dropping it', async (_case, json) => {
    const body = { ...valid, ...(JSON.parse(json) as object) };
    const [field] = Object.keys(JSON.parse(json) as object);
    const errors = await fieldErrorsFor(body);
    expect(Object.keys(errors)).toEqual([field]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('rejects absurd nesting with a field error, where the transformer would overflow the stack', async () => {
    const depth = 20_000;
    const fullName: unknown = JSON.parse('['.repeat(depth) + ']'.repeat(depth));
    expect(await fieldErrorsFor({ ...valid, fullName })).toEqual({
      fullName: 'fullName is nested too deeply',
    });
  });

  it(`accepts nesting up to ${MAX_INPUT_DEPTH} levels (then validates the fields as usual)`, async () => {
    let fullName: unknown = 'Asha';
    for (let level = 1; level < MAX_INPUT_DEPTH; level++) fullName = [fullName];
    const errors = await fieldErrorsFor({ ...valid, fullName });
    expect(errors.fullName).not.toBe('fullName is nested too deeply');
  });
});
