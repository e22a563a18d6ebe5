import { ApiProperty } from '@nestjs/swagger';

/** The body of every error answer. */
export class ErrorResponseDto {
  @ApiProperty({ description: 'The HTTP status code, repeated', type: 'integer', example: 404 })
  statusCode!: number;

  @ApiProperty({
    description:
      'Stable machine-readable error code, e.g. VALIDATION_FAILED, MALFORMED_JSON, NOT_FOUND, ' +
      'PAYLOAD_TOO_LARGE, RATE_LIMITED, SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE, INTERNAL_ERROR',
    example: 'NOT_FOUND',
  })
  code!: string;

  @ApiProperty({ description: 'Human-readable explanation', example: 'Cannot GET /api/v1/nope' })
  message!: string;

  @ApiProperty({
    description: 'Identifies the request in the server logs; also sent as the x-request-id header',
    example: '3f1c2a9e-7b4d-4e21-9a51-2f0c8d6e4b17',
  })
  requestId!: string;
}

/** A 400 VALIDATION_FAILED answer: the first message of each invalid field. */
export class ValidationErrorResponseDto extends ErrorResponseDto {
  @ApiProperty({
    description: 'Field path → first validation message for that field',
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { email: 'Please enter a valid email address' },
  })
  errors!: Record<string, string>;
}
