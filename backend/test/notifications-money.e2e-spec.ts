import request from 'supertest';
import { deliverWebhooks } from './support/notification-flow.js';
import { DEAL_BRAND_EMAIL } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import {
  BRAND_PHONE,
  kindsIn,
  MONEY_CREATOR,
  type MoneyNoticesApp,
  startMoneyNoticesApp,
} from './support/money-notices-app.js';

const DEALS = '/api/v1/deals';
const MONEY = '/api/v1/deal-review/milestones';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SLOW = 150_000;

/**
 * The money rows of the notification table (#39) over HTTP with a moved clock: changes requested
 * and the resubmit reminder, approved automatically, settled, dispute opened and decided,
 * refunded. Mail in MailDev, SMS in the local SMS inbox, the bells over HTTP, each once.
 */
describe('Notifications of the money moves, with a moved clock (#39)', () => {
  let m: MoneyNoticesApp;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    m = await startMoneyNoticesApp();
    await m.pass(); // the follower starts here
  }, SLOW);

  afterAll(async () => {
    await m.stop();
  }, SLOW);

  it(
    'tells the creator of changes asked, reminds them at +3 days (not a second before), then both sides of the approval by the window’s end, and the creator of the settlement',
    async () => {
      const { dealId, token, first } = await m.acceptedByMail('Revised reel', 'Revised cut');
      await m.fund(token, first);
      await m.submit(dealId, first);
      await request(m.app.server)
        .post(`${MONEY}/request-changes`)
        .send({ token, milestoneId: first, note: 'Add the discount code' })
        .expect(200);
      await m.pass();
      await m.waitForSubject(MONEY_CREATOR.email, 'Changes asked on "Revised cut"');
      expect(kindsIn(await m.bellOf(m.creator, dealId), 'changes_requested')).toEqual([
        'Changes asked on "Revised cut"',
      ]);

      // +3 days less a second: no reminder yet; at +3 days: once, by e-mail and in the bell.
      await m.advanceClock(3 * DAY_MS - 1000);
      await m.passAndSettle();
      const reminder = 'Reminder: resubmit "Revised cut"';
      expect(await m.countTo(MONEY_CREATOR.email, reminder)).toBe(0);
      await m.advanceClock(1000);
      await m.pass();
      await m.waitForSubject(MONEY_CREATOR.email, reminder);
      expect(kindsIn(await m.bellOf(m.creator, dealId), 'resubmit_reminder')).toEqual([reminder]);

      // Resubmitted; the brand stays silent past the 7-day window: approved automatically.
      await m.submit(dealId, first);
      await m.pass();
      await m.advanceClock(7 * DAY_MS + HOUR_MS);
      const automatic = 'Approved automatically: "Revised cut"';
      await m.passUntilMailed(MONEY_CREATOR.email, automatic);
      await m.passUntilMailed(DEAL_BRAND_EMAIL, automatic);
      expect(kindsIn(await m.bellOf(m.creator, dealId), 'auto_approved')).toEqual([automatic]);
      await m.passUntilMailed(MONEY_CREATOR.email, 'Released: ₹25,000.00 for "Revised cut"');

      // The gateway's settlement cycle: the creator is told the money is in their bank.
      await m.advanceClock(DAY_MS);
      m.gateway.settleReleased();
      await deliverWebhooks(m.app.server, m.gateway.settlementWebhooks());
      await m.passUntilMailed(MONEY_CREATOR.email, 'In your bank: ₹25,000.00');
      expect(kindsIn(await m.bellOf(m.creator, dealId), 'settled')).toEqual([
        'In your bank: ₹25,000.00',
      ]);

      // Each once, after more passes.
      await m.passAndSettle();
      await m.passAndSettle();
      for (const subject of [
        'Changes asked on "Revised cut"',
        reminder,
        automatic,
        'In your bank: ₹25,000.00',
      ]) {
        expect([subject, await m.countTo(MONEY_CREATOR.email, subject)]).toEqual([subject, 1]);
      }
      expect(await m.countTo(DEAL_BRAND_EMAIL, automatic)).toBe(1);
      // The brand's approval ("You approved") was never sent: nobody approved by hand.
      expect(await m.countTo(DEAL_BRAND_EMAIL, 'You approved "Revised cut"')).toBe(0);
    },
    SLOW,
  );

  it(
    'tells both sides and the admins of a dispute opened and decided, and the brand of its refund, once each',
    async () => {
      await m.advanceToIst(10);
      const { dealId, token, first } = await m.acceptedByMail('Disputed reel', 'Disputed cut');
      await m.fund(token, first);
      await m.advanceClock(DAY_MS);
      await request(m.app.server)
        .post(`${MONEY}/dispute`)
        .send({ token, milestoneId: first, reason: 'Not as briefed' })
        .expect(200);
      await m.pass();
      const opened = 'Dispute opened: "Disputed cut"';
      await m.waitForSubject(MONEY_CREATOR.email, opened);
      await m.waitForSubject(DEAL_BRAND_EMAIL, opened);
      expect(kindsIn(await m.bellOf(m.creator, dealId), 'dispute_opened')).toEqual([opened]);
      expect(kindsIn(await m.adminsBell(dealId), 'dispute_opened')).toEqual([opened]);

      // A day later an admin decides: the money goes back to the brand.
      await m.advanceClock(DAY_MS);
      await m.resolveDispute(first, 'refund');
      const decided = 'Dispute decided: "Disputed cut"';
      await m.passUntilMailed(MONEY_CREATOR.email, decided);
      await m.passUntilMailed(DEAL_BRAND_EMAIL, decided);
      await m.passUntilMailed(DEAL_BRAND_EMAIL, 'Refunded: ₹25,000.00');
      expect(kindsIn(await m.bellOf(m.creator, dealId), 'dispute_decided')).toEqual([decided]);
      expect(kindsIn(await m.adminsBell(dealId), 'dispute_decided')).toEqual([decided]);
      // The refund is the brand's news only.
      expect(kindsIn(await m.bellOf(m.creator, dealId), 'refunded')).toEqual([]);

      await m.passAndSettle();
      await m.passAndSettle();
      expect(await m.countTo(MONEY_CREATOR.email, opened)).toBe(1);
      expect(await m.countTo(DEAL_BRAND_EMAIL, opened)).toBe(1);
      expect(await m.countTo(MONEY_CREATOR.email, decided)).toBe(1);
      expect(await m.countTo(DEAL_BRAND_EMAIL, decided)).toBe(1);
      expect(await m.countTo(DEAL_BRAND_EMAIL, 'Refunded: ₹25,000.00')).toBe(1);
      expect(await m.countTo(MONEY_CREATOR.email, 'Refunded: ₹25,000.00')).toBe(0);
    },
    SLOW,
  );

  it(
    'texts a brand signed in by phone when the window ran out and when a dispute is opened, and puts both in its bell',
    async () => {
      await m.advanceToIst(10);
      const { dealId, token, first, second } = await m.acceptedByWorkspace(
        'Texted reel',
        'Texted cut',
      );
      await m.fund(token, first);
      await m.fund(token, second);
      await m.submit(dealId, first);
      await m.pass();
      await m.advanceClock(7 * DAY_MS + HOUR_MS); // 11:00 IST: outside quiet hours
      const automatic = 'Approved automatically: "Texted cut"';
      await m.passUntilMailed(MONEY_CREATOR.email, automatic);
      expect(kindsIn(await m.bellOf(m.brand, dealId), 'auto_approved')).toEqual([automatic]);
      await m.sendSms();
      const autoText =
        'Paylock: the approval window of Texted cut of Texted reel ended; it was approved automatically and ₹25,000.00 is released. - Paylock';
      await eventually(() => m.textsTo(BRAND_PHONE.e164).includes(autoText), {
        what: 'the auto-approval SMS',
      });

      // The creator opens a dispute on the second (funded) milestone.
      await request(m.app.server)
        .post(`${DEALS}/${dealId}/milestones/${second}/dispute`)
        .set(as(m.creator))
        .send({ reason: 'The brand went silent' })
        .expect(200);
      await m.pass();
      expect(kindsIn(await m.bellOf(m.brand, dealId), 'dispute_opened')).toEqual([
        'Dispute opened: "Draft"',
      ]);
      expect(kindsIn(await m.adminsBell(dealId), 'dispute_opened')).toEqual([
        'Dispute opened: "Draft"',
      ]);
      await m.sendSms();
      const disputeText = new RegExp(
        String.raw`^Paylock: a dispute was opened on Draft of Texted reel\. The money stays held until it is decided: http://localhost:\d+/brand/deals\?deal=${dealId}&milestone=${second} - Paylock$`,
      );
      await eventually(() => m.textsTo(BRAND_PHONE.e164).some((text) => disputeText.test(text)), {
        what: 'the dispute SMS',
      });

      // Decided for the brand: the decision and the refund reach its bell (neither goes by SMS).
      await m.advanceClock(DAY_MS);
      await m.resolveDispute(second, 'refund');
      await eventually(
        async () => {
          await m.pass();
          return kindsIn(await m.bellOf(m.brand, dealId), 'refunded').length > 0;
        },
        { what: 'the refund in the brand’s bell', timeoutMs: 30_000, intervalMs: 200 },
      );
      expect(kindsIn(await m.bellOf(m.brand, dealId), 'dispute_decided')).toEqual([
        'Dispute decided: "Draft"',
      ]);
      expect(kindsIn(await m.bellOf(m.brand, dealId), 'refunded')).toEqual([
        'Refunded: ₹50,000.00',
      ]);

      // Once each, by SMS and in the bell.
      await m.passAndSettle();
      await m.sendSms();
      expect(m.textsTo(BRAND_PHONE.e164).filter((text) => text === autoText)).toHaveLength(1);
      expect(m.textsTo(BRAND_PHONE.e164).filter((text) => disputeText.test(text))).toHaveLength(1);
      // The decision and the refund went by no SMS: the only text about "Draft" is the dispute's.
      const aboutDraft = m
        .textsTo(BRAND_PHONE.e164)
        .filter((text) => text.includes('Draft of Texted reel'));
      expect(aboutDraft).toHaveLength(1);
      expect(aboutDraft[0]).toMatch(disputeText);
      const brandBell = await m.bellOf(m.brand, dealId);
      for (const kind of ['auto_approved', 'dispute_opened', 'dispute_decided', 'refunded']) {
        expect([kind, kindsIn(brandBell, kind).length]).toEqual([kind, 1]);
      }
    },
    SLOW,
  );
});
