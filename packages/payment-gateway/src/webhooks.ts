/**
 * Webhooks as Razorpay sends them: each event in its envelope, signed (HMAC-SHA256 of the exact
 * body with the webhook secret), emitted in order, delivered one at a time and retried with a
 * doubling delay; the fault controls duplicate, shuffle or hold them.
 */
import { type GatewayStore, MAX_KEPT_ENTRIES } from './store.ts';
import type { EmittedWebhook, WebhookDelivery } from './types.ts';
import { hmacHex, newId, now, shuffled } from './values.ts';

const WEBHOOK_TIMEOUT_MS = 5_000;

export interface WebhookEvent {
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

interface PendingWebhook {
  readonly webhook: EmittedWebhook;
  attempts: number;
}

export interface WebhookOutboxOptions {
  readonly webhookSecret: string;
  readonly merchantAccountId: string;
  /** First retry of an undelivered webhook, doubled each time. */
  readonly retryDelayMs: number;
  /** Attempts per webhook delivery before giving up. */
  readonly maxAttempts: number;
}

export class WebhookOutbox {
  private readonly store: GatewayStore;
  private readonly options: WebhookOutboxOptions;
  private readonly emitted: EmittedWebhook[] = [];
  private readonly deliveries: WebhookDelivery[] = [];
  private queue: PendingWebhook[] = [];
  private held: PendingWebhook[] = [];
  private delivering = false;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly idleWaiters = new Set<() => void>();
  /** Bumped by reset and stop: a delivery loop or retry from before them stops. */
  private generation = 0;

  constructor(store: GatewayStore, options: WebhookOutboxOptions) {
    this.store = store;
    this.options = options;
  }

  signature(body: string): string {
    return hmacHex(this.options.webhookSecret, body);
  }

  emit(events: readonly WebhookEvent[]): void {
    const { faults } = this.store;
    const batch: PendingWebhook[] = [];
    for (const { event, payload } of events) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: this.options.merchantAccountId,
        event,
        contains: Object.keys(payload),
        payload: Object.fromEntries(
          Object.entries(payload).map(([name, entity]) => [name, { entity }]),
        ),
        created_at: now(),
      });
      const webhook: EmittedWebhook = {
        id: newId('evt'),
        event,
        body,
        signature: this.signature(body),
      };
      this.emitted.push(webhook);
      for (let copy = 0; copy < Math.max(1, faults.duplicateWebhooks); copy += 1) {
        batch.push({ webhook, attempts: 0 });
      }
    }
    const ordered = faults.shuffleWebhooks ? shuffled(batch) : batch;
    if (faults.holdWebhooks) this.held.push(...ordered);
    else {
      this.queue.push(...ordered);
      void this.pump();
    }
  }

  /** Delivers the held webhooks (shuffled if shuffleWebhooks is on). */
  flush(): void {
    const release = this.store.faults.shuffleWebhooks ? shuffled(this.held) : this.held;
    this.held = [];
    this.queue.push(...release);
    void this.pump();
  }

  /** Resolves when no webhook is queued, in flight or waiting for a retry (held ones aside). */
  whenIdle(timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = () => {
        this.idleWaiters.delete(wake);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.idleWaiters.delete(wake);
        reject(new Error(`Webhooks still pending after ${String(timeoutMs)} ms`));
      }, timeoutMs);
      this.idleWaiters.add(wake);
      if (this.isIdle()) wake();
    });
  }

  snapshot(): {
    emitted: readonly EmittedWebhook[];
    deliveries: readonly WebhookDelivery[];
    queued: number;
    held: number;
  } {
    return {
      emitted: this.emitted,
      deliveries: this.deliveries,
      queued: this.queue.length,
      held: this.held.length,
    };
  }

  /** Forgets every webhook, delivery and pending retry. */
  reset(): void {
    this.stop();
    this.emitted.length = 0;
    this.deliveries.length = 0;
    this.queue = [];
    this.held = [];
    this.delivering = false;
    this.wakeIdle();
  }

  /** Stops the delivery loop and every pending retry. */
  stop(): void {
    this.generation += 1;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && !this.delivering && this.retryTimers.size === 0;
  }

  private wakeIdle(): void {
    if (!this.isIdle()) return;
    for (const wake of this.idleWaiters) wake();
  }

  private async deliver(webhook: EmittedWebhook, url: string): Promise<boolean> {
    let status: number;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1',
          'x-razorpay-signature': webhook.signature,
          'x-razorpay-event-id': webhook.id,
        },
        body: webhook.body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'manual',
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = 0;
    }
    this.deliveries.push({
      eventId: webhook.id,
      event: webhook.event,
      status,
      at: new Date().toISOString(),
    });
    this.deliveries.splice(0, Math.max(0, this.deliveries.length - MAX_KEPT_ENTRIES));
    return status >= 200 && status < 300;
  }

  private async pump(): Promise<void> {
    if (this.delivering) return;
    this.delivering = true;
    const startedIn = this.generation;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        const pending = next;
        const url = this.store.webhookUrl;
        if (!url) {
          // Nowhere to send yet: kept until a URL is set.
          this.held.push(pending);
          continue;
        }
        const ok = await this.deliver(pending.webhook, url);
        if (startedIn !== this.generation) return;
        if (!ok) this.retryLater(pending, startedIn);
      }
    } finally {
      if (startedIn === this.generation) this.delivering = false;
      this.wakeIdle();
    }
  }

  private retryLater(pending: PendingWebhook, startedIn: number): void {
    pending.attempts += 1;
    if (pending.attempts >= this.options.maxAttempts) return;
    const timer = setTimeout(
      () => {
        this.retryTimers.delete(timer);
        if (startedIn !== this.generation) return;
        this.queue.push(pending);
        void this.pump();
      },
      this.options.retryDelayMs * 2 ** (pending.attempts - 1),
    );
    this.retryTimers.add(timer);
  }
}
