import { DeliveryError } from '../../../common/application/delivery-error.js';

/** One text message for the provider: a DLT-registered template and its variables. */
export type ProviderSms =
  | {
      /** E.164, +91. */
      readonly to: string;
      /** The OTP template's variable: the code. */
      readonly code: string;
    }
  | {
      readonly to: string;
      /** A notice template's provider id, and its variables by name. */
      readonly templateId: string;
      readonly variables: Readonly<Record<string, string>>;
    };

/**
 * Why a send failed. `permanent`: the provider refused the message itself (bad number, bad
 * template, bad key); a later attempt would be refused again. Otherwise it may succeed later.
 */
export class SmsSendError extends DeliveryError {}

/** Hands one message to the SMS provider (adapter: MSG91's Flow API). */
export abstract class SmsSender {
  /** Resolves with the provider's request id once it accepted the message; else SmsSendError. */
  abstract send(sms: ProviderSms): Promise<string>;
}
