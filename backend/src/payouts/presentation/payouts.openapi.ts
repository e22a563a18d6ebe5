import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
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
import { PayoutPersonalDataDto, PayoutProfileResponseDto } from './dto/payout-profile.dto.js';
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

  downloadPersonalData: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Download my payout data (JSON)',
        description:
          "Everything Paylock holds in the signed-in creator's payout profile, as an attachment: the PAN and the bank account number **in full** (decrypted for this download only — it is the person's own data; every other answer masks them), the other fields, the status, every revision's Razorpay linked account and the timestamps. `profile` is null when there is none.",
      }),
      ApiOkResponse({
        type: PayoutPersonalDataDto,
        headers: {
          'Content-Disposition': {
            description: 'attachment; filename="paylock-payout-profile-my-data.json"',
            schema: { type: 'string' },
          },
        },
      }),
    ),

  eraseProfile: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Delete my payout profile',
        description:
          "Erases the legal name, PAN, mobile number, bank account, UPI ID, GSTIN and every revision's linked account id at once; only the last revision number and the time are kept, so a new profile never reuses an erased one's keys. Refused (409 `PAYOUT_MONEY_IN_FLIGHT`) while the ledger holds money for the creator or shows it on its way to their bank (a milestone funded, submitted, approved, disputed, or released and not yet settled). Afterwards no deal can be sent until a new profile is verified. The Route linked account stays at Razorpay (its record, not Paylock's). Idempotent: 204 when there is nothing to erase.",
      }),
      ApiNoContentResponse({ description: 'Erased (or there was nothing to erase)' }),
    ),
};
