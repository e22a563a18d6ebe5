import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Matches, Max, Min } from 'class-validator';
import {
  MAX_WAVE_SIZE,
  SKIP_REASONS,
  type SkipReason,
  type WaveFunnel,
  type WaveResult,
} from '../../../invites/index.js';

/** A waitlist entry id: 24 hexadecimal characters. */
export const ENTRY_ID_PATTERN = '^[0-9a-f]{24}$';

export class InviteNextRequestDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_WAVE_SIZE,
    description: 'How many confirmed, not yet invited entries to invite, in seat order',
    example: 100,
  })
  @Max(MAX_WAVE_SIZE, { message: `count must be at most ${MAX_WAVE_SIZE}` })
  @Min(1, { message: 'count must be at least 1' })
  @IsInt({ message: 'count must be a whole number' })
  readonly count!: number;
}

export class InviteSelectedRequestDto {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_WAVE_SIZE,
    items: { type: 'string', pattern: ENTRY_ID_PATTERN },
    description:
      'Waitlist entry ids. Entries invited before get their invite re-sent (a new code); ' +
      'unconfirmed, joined, revoked and unknown entries are skipped',
  })
  @Matches(new RegExp(ENTRY_ID_PATTERN), { each: true, message: 'entryIds must be entry ids' })
  @ArrayMaxSize(MAX_WAVE_SIZE, { message: `entryIds must list at most ${MAX_WAVE_SIZE} entries` })
  @ArrayMinSize(1, { message: 'entryIds must list at least one entry' })
  @IsArray({ message: 'entryIds must be a list of entry ids' })
  readonly entryIds!: string[];
}

export class SkippedEntryDto {
  @ApiProperty() entryId!: string;

  @ApiProperty({ enum: SKIP_REASONS, enumName: 'InviteSkipReason' })
  reason!: SkipReason;
}

export class InviteWaveResultDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The wave, as the audit log and the funnel name it; null when nothing was sent',
  })
  waveId!: string | null;

  @ApiProperty({ type: 'integer', description: 'Entries invited for the first time' })
  invited!: number;

  @ApiProperty({ type: 'integer', description: 'Invites re-sent (a new code, a new validity)' })
  resent!: number;

  @ApiProperty({ type: [SkippedEntryDto] })
  skipped!: SkippedEntryDto[];

  static fromDomain(result: WaveResult): InviteWaveResultDto {
    return Object.assign(new InviteWaveResultDto(), {
      waveId: result.waveId,
      invited: result.invited,
      resent: result.resent,
      skipped: result.skipped.map((skip) => Object.assign(new SkippedEntryDto(), skip)),
    });
  }
}

export class InviteWaveFunnelDto {
  @ApiProperty() waveId!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ enum: ['next', 'selected'] }) selection!: 'next' | 'selected';
  @ApiProperty({ type: 'integer', description: 'Entries the wave invited' }) invited!: number;
  @ApiProperty({ type: 'integer', description: 'Not yet used, still valid' }) pending!: number;
  @ApiProperty({ type: 'integer', description: 'Used: an account exists' }) redeemed!: number;
  @ApiProperty({ type: 'integer', description: 'Not used in time' }) expired!: number;
  @ApiProperty({ type: 'integer', description: 'Withdrawn by an admin' }) revoked!: number;

  static fromDomain(funnel: WaveFunnel): InviteWaveFunnelDto {
    return Object.assign(new InviteWaveFunnelDto(), { ...funnel, at: funnel.at.toISOString() });
  }
}

export class InviteWaveListDto {
  @ApiProperty({ type: [InviteWaveFunnelDto], description: 'Newest wave first' })
  items!: InviteWaveFunnelDto[];
}
