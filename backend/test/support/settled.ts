import type { INestApplication } from '@nestjs/common';
import { BackgroundWork } from '../../src/common/application/background-work.js';
import { OutboxWorker } from '../../src/mail/application/outbox-worker.js';

/**
 * Resolves once the app's background work has settled: nothing a request started and did not
 * wait for is still running (an e-mail queued after a 202 answer), and the outbox worker has
 * made a pass that found nothing due (every message queued so far sent, rescheduled or parked,
 * no send in flight). What a test asserts did NOT happen after this has had every chance to.
 */
export async function settled(app: INestApplication): Promise<void> {
  const background = app.get(BackgroundWork, { strict: false });
  const worker = app.get(OutboxWorker, { strict: false });
  do {
    await background.whenIdle();
    await worker.drained();
  } while (!background.idle);
}
