import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  errorResponses,
  MALFORMED_JSON,
  PAYLOAD_TOO_LARGE_RESPONSE,
} from '../../common/presentation/openapi-errors.js';
import { PayoutProfileChangedError } from '../domain/payout-profile.errors.js';
import { PayoutProfileResponseDto } from './dto/payout-profile.dto.js';
import { PAYOUTS_ERROR_STATUSES } from './payouts.error-statuses.js';

/** The payout profile's OpenAPI documentation, kept out of the controller. */
export const PayoutsDocs = {
  controller: () => ApiTags('payouts'),

  getProfile: () =>
    applyDecorators(
      ApiOperation({
        summary: "The signed-in creator's payout profile (masked) and each step's status",
        description:
          'PAN and account number are never returned in full. `status` is `not_started` until the first save.',
      }),
      ApiOkResponse({ type: PayoutProfileResponseDto }),
    ),

  saveProfile: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Save the payout profile; creates the Razorpay Route linked account',
        description:
          'Changing the legal name, PAN, mobile number, account number or IFSC makes a new revision and a new linked account (pending until Razorpay activates it); changing only the UPI ID or GSTIN keeps the current one. The linked account is created with an idempotency key per creator and revision; if the gateway cannot be reached, the profile stays pending and creation is retried in the background.',
      }),
      ApiOkResponse({ type: PayoutProfileResponseDto }),
      ApiBadRequestResponse(
        errorResponses(400, [
          {
            code: ErrorCode.VALIDATION_FAILED,
            message: ErrorMessage.VALIDATION_FAILED,
            errors: {
              pan: "PAN's 4th letter must be one of P, C, H, F, A, T, B, L, J or G",
              accountNumberConfirmation: 'Account numbers do not match',
              ifsc: 'No bank branch has this IFSC. Please check it on your cheque book or passbook',
            },
          },
          MALFORMED_JSON,
        ]),
      ),
      Throws(PAYOUTS_ERROR_STATUSES, PayoutProfileChangedError),
      ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE),
    ),
};
