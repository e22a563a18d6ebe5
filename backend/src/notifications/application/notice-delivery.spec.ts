import { FakeClock } from '../../../test/support/fake-clock.js';
import { dealWith, milestone } from '../../../test/support/notification-deals.js';
import type { BrandMoneyLinks } from '../../deals/deals.contract.js';
import type { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import type { Outbox } from '../../mail/mail.contract.js';
import type { SmsOutbox } from '../../sms/sms.contract.js';
import { creatorRecipientOf } from '../domain/recipients.js';
import { DEFAULT_PREFERENCES } from '../domain/who-gets-what.js';
import { type Notice, NoticeDelivery } from './notice-delivery.js';
import { NotificationsSettings, SmsNoticeTemplateIds } from './notifications-settings.js';
import type {
  DealSends,
  DeliveryClaims,
  DeliveryRecord,
  InAppInbox,
  PreferencesStore,
} from './ports/notification-ports.js';
import type { RecipientErasure } from './ports/recipient-erasure.js';

const AT = new Date('2026-11-20T04:30:00Z');

interface Gates {
  readonly inApp: Promise<void>;
  readonly mail: Promise<void>;
}

/** A promise and the function that resolves it. */
function gate(): [Promise<void>, () => void] {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return [opened, open];
}

/** Lets every pending promise callback run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** Claims kept in memory as the database keeps them: one per event, person and channel. */
class MemoryClaims implements Pick<DeliveryClaims, 'claim' | 'done' | 'isDone'> {
  readonly states = new Map<string, 'claimed' | 'done'>();

  private keyOf({ eventId, recipient, channel }: DeliveryRecord): string {
    return `${eventId}|${recipient}|${channel}`;
  }

  claim(record: DeliveryRecord): Promise<boolean> {
    if (this.states.has(this.keyOf(record))) return Promise.resolve(false);
    this.states.set(this.keyOf(record), 'claimed');
    return Promise.resolve(true);
  }

  done(record: DeliveryRecord): Promise<void> {
    this.states.set(this.keyOf(record), 'done');
    return Promise.resolve();
  }

  isDone(record: DeliveryRecord): Promise<boolean> {
    return Promise.resolve(this.states.get(this.keyOf(record)) === 'done');
  }
}

describe('a notice delivered by two callers at once (two instances, or the worker and a request)', () => {
  const notice: Notice = {
    eventId: 'funded:d1:m1',
    kind: 'milestone_funded',
    deal: dealWith([milestone('m1', 'funded')]),
    milestoneId: 'm1',
    at: AT,
    recipient: creatorRecipientOf(dealWith([milestone('m1', 'funded')]), {
      name: 'Asha',
      email: 'asha@example.in',
    }),
  };

  /** A delivery whose in-app store and mail outbox each wait for their gate to open. */
  function deliveryWith(claims: MemoryClaims, gates: Gates, mailed: string[]) {
    const inbox = { add: () => gates.inApp.then(() => true) } as unknown as InAppInbox;
    const outbox = {
      enqueue: ({ key }: { key: string }) => gates.mail.then(() => void mailed.push(key)),
    } as unknown as Outbox;
    return new NoticeDelivery(
      inbox,
      claims as unknown as DeliveryClaims,
      outbox,
      { get: () => Promise.resolve(DEFAULT_PREFERENCES) } as unknown as PreferencesStore,
      {} as unknown as BrandMoneyLinks,
      {} as unknown as LinkTokens,
      new NotificationsSettings('https://paylock.test'),
      new FakeClock(AT),
      {} as unknown as SmsOutbox,
      new SmsNoticeTemplateIds({}),
      { record: () => Promise.resolve() } as unknown as DealSends,
      { isForgotten: () => Promise.resolve(false) } as unknown as RecipientErasure,
    );
  }

  it('lets the first go through every channel; the second, finding the bell held, stops there', async () => {
    const claims = new MemoryClaims();
    const mailed: string[] = [];
    const [inApp, openInApp] = gate();
    const [mail, openMail] = gate();
    const delivery = deliveryWith(claims, { inApp, mail }, mailed);

    // The first holds the bell's claim while its in-app notice is being stored; the second comes.
    const first = delivery.deliver(notice);
    await settled();
    const second = delivery.deliver(notice);
    await settled();
    openInApp();
    await settled();
    openMail();

    // Had the second gone on to the e-mail, each would hold a channel of the other: neither done.
    expect(await second).toEqual({ channels: ['in_app', 'email'], held: true });
    expect(await first).toEqual({ channels: ['in_app', 'email'], held: false });
    expect(mailed).toHaveLength(1);
    expect([...claims.states.values()]).toEqual(['done', 'done']);
    // Asked again once the first is done: nothing is held, nothing is sent twice.
    expect(await delivery.deliver(notice)).toEqual({ channels: ['in_app', 'email'], held: false });
    expect(mailed).toHaveLength(1);
  });
});
