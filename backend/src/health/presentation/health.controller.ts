import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  HealthCheck,
  HealthCheckService,
  type HealthIndicatorResult,
  MongooseHealthIndicator,
} from '@nestjs/terminus';
import type { Connection } from 'mongoose';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  LivenessResponseDto,
  ReadinessDetailsDto,
  ReadinessResponseDto,
} from './health-response.dto.js';
import { HealthDocs } from './health.openapi.js';

const DATABASE_PING_TIMEOUT_MS = 1000;

/** Keeps only each indicator's up/down status: error texts stay in the server log. */
function toReadinessDetails(details: HealthIndicatorResult): ReadinessDetailsDto {
  return new ReadinessDetailsDto(details.database?.status === 'up' ? 'up' : 'down');
}

@Controller('health')
@HealthDocs.controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly mongoose: MongooseHealthIndicator,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  @Get()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @HealthDocs.checkReadiness()
  async checkReadiness(): Promise<ReadinessResponseDto> {
    try {
      const result = await this.health.check([
        () =>
          this.mongoose.pingCheck('database', {
            connection: this.connection,
            timeout: DATABASE_PING_TIMEOUT_MS,
          }),
      ]);
      return new ReadinessResponseDto(toReadinessDetails(result.details));
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const { details } = error.getResponse() as { details: HealthIndicatorResult };
      throw new ApiHttpException(
        error.getStatus(),
        ErrorCode.SERVICE_UNAVAILABLE,
        ErrorMessage.UNAVAILABLE,
        toReadinessDetails(details),
      );
    }
  }

  @Get('live')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @HealthDocs.checkLiveness()
  checkLiveness(): LivenessResponseDto {
    return new LivenessResponseDto();
  }
}
