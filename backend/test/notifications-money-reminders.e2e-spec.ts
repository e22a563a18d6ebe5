import { DEAL_BRAND_EMAIL, reviewTokenIn } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import {
  BRAND_PHONE,
  kindsIn,
  MONEY_CREATOR,
  type MoneyNoticesApp,
  startMoneyNoticesApp,
} from './support/money-notices-app.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SLOW = 150_000;

/**
 * The funding reminder's steps (#39) over HTTP with a moved clock: the one on the milestone's due
 * date (at 09:00 IST, not a second before), and a reminder not sent when the brand funds one
 * second before it is due. Mail in MailDev, SMS in the local SMS inbox, the bell over HTTP.
 */
describe('Funding reminders at their moment, with a moved clock (#39)', () => {
  let m: MoneyNoticesApp;

  beforeAll(async () => {
    m = await startMoneyNoticesApp();
    await m.pass(); // the follower starts here
  }, SLOW);

  afterAll(async () => {
    await m.stop();
  }, SLOW);

  it(
    'reminds the brand to fund at 09:00 IST on the milestone’s due date, not a second before, by e-mail, bell and SMS',
    async () => {
      await m.advanceToIst(10);
      const mailed = await m.acceptedByMail('Due soon reel', 'Due soon cut', 1);
      const texted = await m.acceptedByWorkspace('Due soon texted reel', 'Due texted cut', 1);
      await m.pass();
      const mailReminder = 'Reminder: fund "Due soon cut" (₹25,000.00)';
      const smsReminder = new RegExp(
        String.raw`^Paylock reminder: Due texted cut of Due soon texted reel \(₹25,000\.00\) still waits for your funding: http://localhost:\d+/brand/deals\?deal=${texted.dealId}&milestone=${texted.first} - Paylock$`,
      );
      const reminded = () => m.textsTo(BRAND_PHONE.e164).filter((text) => smsReminder.test(text));

      // 08:59:59 IST on the due date: nothing yet.
      await m.advanceClock(23 * HOUR_MS - 1000);
      await m.passAndSettle();
      await m.sendSms();
      expect(await m.countTo(DEAL_BRAND_EMAIL, mailReminder)).toBe(0);
      expect(kindsIn(await m.bellOf(m.brand, texted.dealId), 'funding_reminder')).toEqual([]);
      expect(reminded()).toEqual([]);

      // 09:00 IST: once, through every channel each brand has.
      await m.advanceClock(1000);
      await m.pass();
      const mail = await m.waitForSubject(DEAL_BRAND_EMAIL, mailReminder);
      const dueDate = m.clock.now().toISOString().slice(0, 10);
      expect(mail.text).toContain(`(due ${dueDate})`);
      expect(reviewTokenIn(mail.text)).toMatch(/^[\w-]{43}$/);
      expect(kindsIn(await m.bellOf(m.brand, texted.dealId), 'funding_reminder')).toEqual([
        'Reminder: fund "Due texted cut" (₹25,000.00)',
      ]);
      await m.sendSms();
      await eventually(() => reminded().length === 1, { what: 'the due-date SMS' });
      await m.passAndSettle();
      await m.sendSms();
      expect(await m.countTo(DEAL_BRAND_EMAIL, mailReminder)).toBe(1);
      expect(reminded()).toHaveLength(1);
      expect(mailed.dealId).not.toBe(texted.dealId);
    },
    SLOW,
  );

  it(
    'does not send a funding reminder when the brand funds one second before it is due',
    async () => {
      await m.advanceToIst(10);
      const funded = await m.acceptedByMail('Funded in time reel', 'In time cut');
      const unfunded = await m.acceptedByMail('Left unfunded reel', 'Unfunded cut');
      await m.pass();
      await m.advanceClock(2 * DAY_MS - 1000);
      await m.fund(funded.token, funded.first);
      await m.pass();
      await m.waitForSubject(MONEY_CREATOR.email, 'Funded: you can start "In time cut"');

      // The +2 days step is due for both deals; only the one still waiting is reminded.
      await m.advanceClock(1000);
      await m.pass();
      await m.waitForSubject(DEAL_BRAND_EMAIL, 'Reminder: fund "Unfunded cut" (₹25,000.00)');
      await m.passAndSettle();
      await m.passAndSettle();
      expect(await m.countTo(DEAL_BRAND_EMAIL, 'Reminder: fund "In time cut" (₹25,000.00)')).toBe(
        0,
      );
      expect(await m.countTo(DEAL_BRAND_EMAIL, 'Reminder: fund "Unfunded cut" (₹25,000.00)')).toBe(
        1,
      );
      expect(unfunded.dealId).not.toBe(funded.dealId);
    },
    SLOW,
  );
});
