import { type ProviderSms, SmsSender, SmsSendError } from '../application/ports/sms-sender.js';

export interface Msg91Settings {
  /** e.g. https://control.msg91.com (no trailing slash); the local SMS inbox in development. */
  readonly baseUrl: string;
  readonly authKey: string;
  /** The MSG91 template (flow) id of the DLT-approved OTP template. */
  readonly templateId: string;
  /** The DLT sender header (6 letters): the template's own, named again for "FromAPI" templates. */
  readonly sender: string;
  readonly timeoutMs: number;
}

/** The template's variable that carries the code (registered as ##otp## with MSG91). */
export const MSG91_CODE_VARIABLE = 'otp';

interface Msg91Answer {
  readonly type?: unknown;
  readonly message?: unknown;
}

/**
 * MSG91's Flow API (POST {base}/api/v5/flow, header `authkey`): the documented fields only —
 * `template_id`, `sender`, `short_url` and one recipient (`mobiles` with the template's code
 * variable). The Flow API has no DLT field: the entity id (PE ID) and the DLT template id are
 * entered with the template in MSG91's panel, which checks them against the DLT registration
 * (docs/operations.md, "What MSG91 documents"). MSG91 answers 200 `{"type":"success","message":"<request id>"}` or
 * `{"type":"error","message":"…"}`; an HTTP 4xx or an error answer is permanent (the key, the
 * template or the number is wrong), a 5xx, 429, timeout or network failure is worth a retry.
 */
export class Msg91SmsSender extends SmsSender {
  constructor(private readonly settings: Msg91Settings) {
    super();
  }

  async send(sms: ProviderSms): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}/api/v5/flow`, {
        method: 'POST',
        headers: {
          authkey: this.settings.authKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          template_id: 'templateId' in sms ? sms.templateId : this.settings.templateId,
          sender: this.settings.sender,
          short_url: '0',
          recipients: [
            {
              mobiles: sms.to.replace(/^\+/, ''),
              ...('templateId' in sms ? sms.variables : { [MSG91_CODE_VARIABLE]: sms.code }),
            },
          ],
        }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new SmsSendError(
        `SMS provider unreachable (${error instanceof Error ? error.name : 'error'})`,
        false,
        { cause: error },
      );
    }
    const answer = (await response.json().catch(() => ({}))) as Msg91Answer;
    const message = typeof answer.message === 'string' ? answer.message.slice(0, 200) : '';
    if (response.ok && answer.type === 'success') return message || 'accepted';
    const retryable = response.status >= 500 || response.status === 429;
    throw new SmsSendError(
      `SMS provider answered ${String(response.status)} ${message || String(answer.type)}`,
      !retryable,
    );
  }
}
