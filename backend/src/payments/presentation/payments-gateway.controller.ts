import {
  Body,
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import {
  ApiConsumes,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiBody,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { ErrorResponseDto } from '../../common/presentation/error-response.dto.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { MilestoneActions } from '../application/milestone-actions.use-case.js';
import { ProcessWebhook } from '../application/process-webhook.use-case.js';
import { WebhookRejectedError } from '../domain/payment.errors.js';
import { PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';
import { BAD_INPUT, TOO_LARGE, UNAVAILABLE } from './payments.openapi.js';
import { CheckoutCallbackDto } from './dto/payment-request.dto.js';
import { WebhookAckDto } from './dto/payment-response.dto.js';

export const WEBHOOK_PATH = '/api/v1/payments/webhooks/razorpay';

/** What the payment gateway calls: its signed webhooks, and the browser's return from checkout. */
@ApiTags('payments')
@ApiExtraModels(ErrorResponseDto)
@Controller('payments')
@PublicOperation()
@UseFilters(new DomainErrorFilter(PAYMENTS_ERROR_STATUSES))
export class PaymentsGatewayController {
  constructor(
    private readonly webhooks: ProcessWebhook,
    private readonly actions: MilestoneActions,
  ) {}

  @Post('webhooks/razorpay')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "The payment gateway's webhook",
    description:
      'X-Razorpay-Signature is the HMAC-SHA256 of the raw body with the webhook secret, checked before anything else. Each event is stored once by X-Razorpay-Event-Id; a replay answers `duplicate` and changes nothing. Processing fetches the current state from the gateway, so events in any order lead to the same result.',
  })
  @ApiHeader({ name: 'X-Razorpay-Signature', required: true })
  @ApiHeader({ name: 'X-Razorpay-Event-Id', required: true })
  @ApiBody({ schema: { type: 'object', additionalProperties: true } })
  @ApiOkResponse({ type: WebhookAckDto })
  @Throws(PAYMENTS_ERROR_STATUSES, WebhookRejectedError)
  @TOO_LARGE
  @UNAVAILABLE
  async receiveRazorpayWebhook(
    @Req() request: Request,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ): Promise<WebhookAckDto> {
    const body: unknown = request.body;
    const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const status = await this.webhooks.execute(raw, signature, eventId);
    return Object.assign(new WebhookAckDto(), { status });
  }

  @Post('checkout/callback')
  @ApiOperation({
    summary: "The browser's return from the gateway's checkout",
    description:
      'The gateway posts the payment, the order and their signature (a form). The signature is checked and the order synced; the browser is sent to the review page with payment=success or payment=failed. The milestone is funded only from what the gateway reports, never from this request alone.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  // A failed or abandoned checkout may post nothing at all, or Razorpay's error[…] fields: the
  // page still learns it failed.
  @ApiBody({ type: CheckoutCallbackDto, required: false })
  @BAD_INPUT
  @ApiResponse({ status: HttpStatus.SEE_OTHER, description: 'To the review page' })
  @TOO_LARGE
  async returnFromCheckout(
    @Body() body: CheckoutCallbackDto,
    @Res() response: Response,
  ): Promise<void> {
    const target = await this.actions.checkoutReturned({
      orderId: body.razorpay_order_id ?? '',
      paymentId: body.razorpay_payment_id ?? '',
      signature: body.razorpay_signature ?? '',
    });
    response.redirect(HttpStatus.SEE_OTHER, target);
  }
}
