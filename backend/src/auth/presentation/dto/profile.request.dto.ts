import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export const MAX_DISPLAY_NAME_LENGTH = 80;

/** Letters, marks, digits, spaces and the punctuation of names; no control or markup characters. */
const DISPLAY_NAME_PATTERN = /^[\p{L}\p{M}\p{N} .,'’()-]+$/u;

/** Settings → Profile: the name Paylock shows for the creator. */
export class ChangeDisplayNameRequestDto {
  @ApiProperty({
    description:
      'The name to show, trimmed, inner spaces collapsed: letters (any script), digits, spaces ' +
      "and . , ' ’ ( ) -. It stays over the Google name at later sign-ins.",
    example: 'Asha Verma',
    minLength: 1,
    maxLength: MAX_DISPLAY_NAME_LENGTH,
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value,
  )
  @Matches(DISPLAY_NAME_PATTERN, {
    message: "displayName may hold only letters, digits, spaces and . , ' ’ ( ) -",
  })
  @MaxLength(MAX_DISPLAY_NAME_LENGTH, {
    message: `displayName must be at most ${String(MAX_DISPLAY_NAME_LENGTH)} characters`,
  })
  @IsString({ message: 'displayName must be a string' })
  @IsNotEmpty({ message: 'displayName is required' })
  displayName!: string;
}
