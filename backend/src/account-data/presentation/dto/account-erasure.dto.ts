import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { ErasurePreview } from '../../application/erase-account.use-case.js';
import type { ErasureReceipt } from '../../application/ports/erasure-receipts.js';
import {
  BLOCKING_STATES,
  type BlockingState,
  ERASURE_CONFIRMATION,
  type KeptRecord,
  type MoneyBlocker,
} from '../../domain/account-erasure.js';

const CONFIRMATION_MESSAGE = `Type ${ERASURE_CONFIRMATION} to confirm`;

export class EraseAccountRequestDto {
  @ApiProperty({
    description: `The confirmation phrase, typed: \`${ERASURE_CONFIRMATION}\` (case and surrounding spaces do not matter)`,
    example: ERASURE_CONFIRMATION,
    maxLength: 100,
  })
  @MaxLength(100, { message: CONFIRMATION_MESSAGE })
  @IsString({ message: CONFIRMATION_MESSAGE })
  readonly confirmation!: string;
}

export class KeptRecordDto {
  @ApiProperty({ example: '“Diwali reel”: its signed contract, milestones, history, invoices…' })
  readonly what!: string;

  @ApiProperty({ example: 'GST law: tax invoices … are kept for 72 months …' })
  readonly why!: string;

  @ApiProperty({
    description: 'The last day it is kept (YYYY-MM-DD); null: until removed on request',
    type: String,
    nullable: true,
    format: 'date',
    example: '2033-12-31',
  })
  readonly until!: string | null;

  static of(record: KeptRecord): KeptRecordDto {
    return Object.assign(new KeptRecordDto(), {
      what: record.what,
      why: record.why,
      until: record.until,
    });
  }
}

export class MoneyBlockerDto {
  @ApiProperty({ example: '3b241101-e2bb-4255-8caf-4136c566a962' })
  readonly dealId!: string;

  @ApiProperty({ example: 'Diwali reel' })
  readonly dealTitle!: string;

  @ApiProperty({ example: 'f1c2a3b4-0000-4000-8000-000000000001' })
  readonly milestoneId!: string;

  @ApiProperty({ example: 'Reel 1' })
  readonly milestoneName!: string;

  @ApiProperty({ enum: BLOCKING_STATES, enumName: 'ErasureBlockingState', example: 'funded' })
  readonly state!: BlockingState;

  static of(blocker: MoneyBlocker): MoneyBlockerDto {
    const { dealId, dealTitle, milestoneId, milestoneName, state } = blocker;
    return Object.assign(new MoneyBlockerDto(), {
      dealId,
      dealTitle,
      milestoneId,
      milestoneName,
      state,
    });
  }
}

export class ErasurePreviewDto {
  @ApiProperty({ description: 'What to type to confirm', example: ERASURE_CONFIRMATION })
  readonly confirmationPhrase!: string;

  @ApiProperty({
    description: 'Milestones whose money (held, being released, disputed) refuses the erasure now',
    type: [MoneyBlockerDto],
  })
  readonly blockers!: MoneyBlockerDto[];

  @ApiProperty({ description: 'What would be kept, why and until when', type: [KeptRecordDto] })
  readonly kept!: KeptRecordDto[];

  static of(preview: ErasurePreview): ErasurePreviewDto {
    return Object.assign(new ErasurePreviewDto(), {
      confirmationPhrase: ERASURE_CONFIRMATION,
      blockers: preview.blockers.map((blocker) => MoneyBlockerDto.of(blocker)),
      kept: preview.kept.map((record) => KeptRecordDto.of(record)),
    });
  }
}

export class ErasureReceiptDto {
  @ApiProperty({ format: 'date-time', example: '2026-11-28T10:00:00.000Z' })
  readonly erasedAt!: string;

  @ApiProperty({ description: 'What was kept, why and until when', type: [KeptRecordDto] })
  readonly kept!: KeptRecordDto[];

  static of(receipt: ErasureReceipt): ErasureReceiptDto {
    return Object.assign(new ErasureReceiptDto(), {
      erasedAt: receipt.erasedAt.toISOString(),
      kept: receipt.kept.map((record) => KeptRecordDto.of(record)),
    });
  }
}
