import { FakeClock } from '../../../../../test/support/fake-clock.js';
import { databaseEmptiedBeforeEachTest } from '../../../../../test/support/int-database.js';
import { outboxStoreOn } from '../../../../../test/support/outbox-store-on.js';

const NOW = new Date('2026-11-23T08:00:00.000Z');

describe('the outbox forgetting a recipient (erasure, #13) on the real database', () => {
  const database = databaseEmptiedBeforeEachTest();

  it('forgets a recipient: queued mail dropped, sent copies redacted, the kept message redacted once sent', async () => {
    const outbox = outboxStoreOn(database(), new FakeClock(NOW));
    const to = { email: 'asha@example.com', name: 'Asha Rao' };
    const data = { personalUrl: 'https://paylock.in/waitlist/me?token=x', expiresInDays: '7' };
    await outbox.enqueue({ key: 'personal-link:a:1', kind: 'personal-link', to, data });
    await outbox.enqueue({ key: 'personal-link:a:2', kind: 'personal-link', to, data });
    await outbox.enqueue({
      key: 'personal-link:b:1',
      kind: 'personal-link',
      to: { email: 'other@example.com', name: 'Other' },
      data,
    });
    const [sent] = await outbox.due(NOW, 10);
    if (!sent) throw new Error('nothing due');
    await outbox.markSent(sent.id, 1, NOW, '250 OK asha@example.com');
    await outbox.enqueue({
      key: 'erasure-confirmation:a',
      kind: 'erasure-confirmation',
      to,
      data: { seat: '1', personalUrl: 'https://paylock.in/waitlist/me' },
      forgetRecipientOnceSent: true,
    });

    await outbox.forgetRecipient(to.email, 'erasure-confirmation:a');
    await outbox.forgetRecipient(to.email, 'erasure-confirmation:a');
    const messages = database().collection('outbox');
    const left = await messages.find({ 'to.email': to.email }).toArray();
    expect(left.map(({ key }) => key as string)).toEqual(['erasure-confirmation:a']);
    expect(await messages.findOne({ _id: sent.id as never })).toMatchObject({
      status: 'sent',
      to: { email: 'erased@erased.invalid', name: '' },
      data: {},
      lastResponse: '',
    });
    expect(await messages.countDocuments({ 'to.email': 'other@example.com' })).toBe(1);

    const confirmation = left[0];
    if (!confirmation) throw new Error('confirmation gone');
    await outbox.markSent(String(confirmation._id), 1, NOW, '250 OK');
    const everything = JSON.stringify(await messages.find({}).toArray());
    expect(everything).not.toContain('asha@example.com');
    expect(everything).not.toContain('Asha Rao');
  });
});
