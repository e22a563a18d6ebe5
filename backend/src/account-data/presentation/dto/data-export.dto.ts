import { ApiProperty } from '@nestjs/swagger';
import type { DataExportStatus } from '../../domain/data-export.js';

export const DATA_EXPORT_STATES = ['preparing', 'ready'] as const;

/** A copy of the account's data: being prepared, or ready to download until `expiresAt`. */
export class DataExportDto {
  @ApiProperty({ format: 'uuid', example: '5f0c2b1e-8d7a-4c8e-9a51-2f3b6c7d8e9f' })
  readonly id!: string;

  @ApiProperty({ enum: DATA_EXPORT_STATES, enumName: 'DataExportState' })
  readonly state!: (typeof DATA_EXPORT_STATES)[number];

  @ApiProperty({ format: 'date-time', example: '2026-11-28T10:00:00.000Z' })
  readonly requestedAt!: string;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Null while preparing',
  })
  readonly readyAt!: string | null;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description:
      'The last moment it can be downloaded (a week after it was ready); null while preparing',
  })
  readonly expiresAt!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The ZIP’s size; null while preparing',
  })
  readonly sizeBytes!: number | null;

  static of(status: DataExportStatus): DataExportDto {
    const ready = status.state === 'ready' ? status : undefined;
    return Object.assign(new DataExportDto(), {
      id: status.id,
      state: status.state,
      requestedAt: status.requestedAt.toISOString(),
      readyAt: ready?.readyAt.toISOString() ?? null,
      expiresAt: ready?.expiresAt.toISOString() ?? null,
      sizeBytes: ready?.sizeBytes ?? null,
    });
  }
}

export class LatestDataExportDto {
  @ApiProperty({
    type: DataExportDto,
    nullable: true,
    description: 'The copy being prepared, else the latest one ready; null when there is none',
  })
  readonly latest!: DataExportDto | null;

  static of(status: DataExportStatus | null): LatestDataExportDto {
    return Object.assign(new LatestDataExportDto(), {
      latest: status ? DataExportDto.of(status) : null,
    });
  }
}
