/** The fault controls: failing, lost answers, delays, duplicated, shuffled or held webhooks, downtime. */
import { badRequest } from './errors.ts';
import type { GatewayStore } from './store.ts';
import type { GatewayFaults } from './types.ts';

export function setFaults(
  store: GatewayStore,
  changes: Readonly<Record<string, unknown>>,
): GatewayFaults {
  const next = { ...store.faults };
  const integer = (value: unknown, minimum: number, maximum: number, name: string) => {
    if (
      typeof value !== 'number' ||
      !Number.isSafeInteger(value) ||
      value < minimum ||
      value > maximum
    ) {
      throw badRequest(
        `${name} must be an integer from ${String(minimum)} to ${String(maximum)}`,
        name,
      );
    }
    return value;
  };
  if (changes.failNext !== undefined)
    next.failNext = integer(changes.failNext, 0, 1_000_000, 'failNext');
  if (changes.failStatus !== undefined)
    next.failStatus = integer(changes.failStatus, 500, 599, 'failStatus');
  if (changes.loseNextAnswers !== undefined) {
    next.loseNextAnswers = integer(changes.loseNextAnswers, 0, 1_000_000, 'loseNextAnswers');
  }
  if (changes.delayMs !== undefined) next.delayMs = integer(changes.delayMs, 0, 120_000, 'delayMs');
  if (changes.duplicateWebhooks !== undefined) {
    next.duplicateWebhooks = integer(changes.duplicateWebhooks, 1, 20, 'duplicateWebhooks');
  }
  if (changes.shuffleWebhooks !== undefined)
    next.shuffleWebhooks = changes.shuffleWebhooks === true;
  if (changes.holdWebhooks !== undefined) next.holdWebhooks = changes.holdWebhooks === true;
  if (changes.downMode !== undefined) {
    if (changes.downMode !== 'refuse' && changes.downMode !== 'unavailable') {
      throw badRequest('downMode must be refuse or unavailable', 'downMode');
    }
    next.downMode = changes.downMode;
  }
  if (changes.downForMs !== undefined) {
    next.downUntil = Date.now() + integer(changes.downForMs, 0, 3_600_000, 'downForMs');
  }
  if (changes.downUntil !== undefined)
    next.downUntil = integer(changes.downUntil, 0, Number.MAX_SAFE_INTEGER, 'downUntil');
  store.faults = next;
  return { ...store.faults };
}
