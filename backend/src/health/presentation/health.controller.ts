import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
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
  ReadinessFailureResponseDto,
  ReadinessResponseDto,
} from './health-response.dto.js';

const DATABASE_PING_TIMEOUT_MS = 1000;

/** Keeps only each indicator's up/down status: error texts stay in the server log. */
function toReadinessDetails(details: HealthIndicatorResult): ReadinessDetailsDto {
  return new ReadinessDetailsDto(details.database?.status === 'up' ? 'up' : 'down');
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly mongoose: MongooseHealthIndicator,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  @Get()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({ summary: 'Readiness: the API can serve requests (its database answers a ping)' })
  @ApiOkResponse({ type: ReadinessResponseDto, description: 'Ready: the database answers' })
  @ApiServiceUnavailableResponse({
    type: ReadinessFailureResponseDto,
    description: 'Not ready: a dependency is down (code SERVICE_UNAVAILABLE)',
  })
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
  @ApiOperation({ summary: 'Liveness: the process is up (no dependency is checked)' })
  @ApiOkResponse({ type: LivenessResponseDto, description: 'Alive' })
  checkLiveness(): LivenessResponseDto {
    return new LivenessResponseDto();
  }
}
