import { type ArgumentsHost, Catch } from '@nestjs/common';
import { DomainError } from '../../common/domain/domain.error.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { ApiExceptionFilter } from '../../common/presentation/api-exception.filter.js';
import { InvalidDealError } from '../domain/deal.errors.js';
import { DEALS_ERROR_STATUSES } from './deals.error-statuses.js';

/**
 * DomainErrorFilter over the deals table, plus one thing it cannot know: a deal's rule violations
 * answer the uniform 400 VALIDATION_FAILED body with its per-field messages, like the DTOs'.
 */
@Catch(DomainError)
export class DealsErrorFilter extends DomainErrorFilter {
  private readonly plain = new ApiExceptionFilter();

  constructor() {
    super(DEALS_ERROR_STATUSES);
  }

  override catch(error: DomainError, host: ArgumentsHost): void {
    if (error instanceof InvalidDealError) {
      this.plain.catch(new RequestValidationException(error.fieldErrors), host);
      return;
    }
    super.catch(error, host);
  }
}
