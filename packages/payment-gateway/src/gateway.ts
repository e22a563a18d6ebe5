/** What every concern's module is given: the settings, the state and the webhook outbox. */
import type { GatewayStore } from './store.ts';
import type { AccountStatus } from './types.ts';
import type { WebhookOutbox } from './webhooks.ts';

export interface GatewaySettings {
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  /** The merchant's own account id, as webhooks carry it in `account_id`. */
  readonly merchantAccountId: string;
  /** What a linked account becomes once its settlement account is set. */
  readonly activatedStatus: Extract<AccountStatus, 'activated' | 'under_review'>;
}

export interface Gateway {
  readonly settings: GatewaySettings;
  readonly store: GatewayStore;
  readonly webhooks: WebhookOutbox;
}
