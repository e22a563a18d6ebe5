import { ApiProperty } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../common/presentation/error-response.dto.js';

export type IndicatorStatus = 'up' | 'down';

export class HealthIndicatorStatusDto {
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  readonly status: IndicatorStatus;

  constructor(status: IndicatorStatus) {
    this.status = status;
  }
}

export class ReadinessDetailsDto {
  @ApiProperty({ type: HealthIndicatorStatusDto })
  readonly database: HealthIndicatorStatusDto;

  constructor(database: IndicatorStatus) {
    this.database = new HealthIndicatorStatusDto(database);
  }
}

export class ReadinessResponseDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  readonly status = 'ok';

  @ApiProperty({ type: ReadinessDetailsDto })
  readonly details: ReadinessDetailsDto;

  constructor(details: ReadinessDetailsDto) {
    this.details = details;
  }
}

/** Documents the 503 body; the filter writes it (ErrorResponseDto fields plus `details`). */
export class ReadinessFailureResponseDto extends ErrorResponseDto {
  @ApiProperty({ type: ReadinessDetailsDto, description: 'Which dependency is down' })
  details!: ReadinessDetailsDto;
}

export class LivenessResponseDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  readonly status = 'ok';
}
