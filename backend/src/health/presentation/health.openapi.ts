import { applyDecorators } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  LivenessResponseDto,
  ReadinessFailureResponseDto,
  ReadinessResponseDto,
} from './health-response.dto.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';

/** The OpenAPI documentation of the health endpoints, one bundle per handler. */
export const HealthDocs = {
  controller: () => applyDecorators(ApiTags('health')),

  checkReadiness: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'Readiness: the API can serve requests (its database answers a ping)',
      }),
      ApiOkResponse({ type: ReadinessResponseDto, description: 'Ready: the database answers' }),
      ApiServiceUnavailableResponse({
        type: ReadinessFailureResponseDto,
        description: 'Not ready: a dependency is down (code SERVICE_UNAVAILABLE)',
      }),
    ),

  checkLiveness: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({ summary: 'Liveness: the process is up (no dependency is checked)' }),
      ApiOkResponse({ type: LivenessResponseDto, description: 'Alive' }),
    ),
};
