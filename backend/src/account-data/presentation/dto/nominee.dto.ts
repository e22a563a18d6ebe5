import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH } from '../../../common/domain/email-address.js';
import { type Nominee, NOMINEE_NAME_MAX } from '../../domain/nominee.js';

const NAME_MESSAGE = 'Enter your nominee’s name';
const EMAIL_MESSAGE = 'Enter an e-mail address like name@example.com';

export class NomineeRequestDto {
  @ApiProperty({ maxLength: NOMINEE_NAME_MAX, example: 'Meera Sharma' })
  @MaxLength(NOMINEE_NAME_MAX, {
    message: `The name can be at most ${String(NOMINEE_NAME_MAX)} characters`,
  })
  @IsString({ message: NAME_MESSAGE })
  readonly name!: string;

  @ApiProperty({ maxLength: EMAIL_MAX_LENGTH, example: 'meera@example.com' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: EMAIL_MESSAGE })
  @IsString({ message: EMAIL_MESSAGE })
  readonly email!: string;
}

export class NomineeDto {
  @ApiProperty({ example: 'Meera Sharma' })
  readonly name!: string;

  @ApiProperty({ example: 'meera@example.com' })
  readonly email!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-28T10:00:00.000Z' })
  readonly updatedAt!: string;

  static of(nominee: Nominee): NomineeDto {
    return Object.assign(new NomineeDto(), {
      name: nominee.name,
      email: nominee.email,
      updatedAt: nominee.updatedAt.toISOString(),
    });
  }
}

export class NomineeResponseDto {
  @ApiProperty({ type: NomineeDto, nullable: true, description: 'Null when none is named' })
  readonly nominee!: NomineeDto | null;

  static of(nominee: Nominee | undefined): NomineeResponseDto {
    return Object.assign(new NomineeResponseDto(), {
      nominee: nominee ? NomineeDto.of(nominee) : null,
    });
  }
}
