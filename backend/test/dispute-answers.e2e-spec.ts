import request from 'supertest';
import { DEAL_BRAND_EMAIL } from './support/deal-fixtures.js';
import {
  kindsIn,
  MONEY_CREATOR,
  type MoneyNoticesApp,
  startMoneyNoticesApp,
} from './support/money-notices-app.js';

const DEALS = '/api/v1/deals';
const MONEY = '/api/v1/deal-review/milestones';
const DAY_MS = 24 * 3_600_000;
const SLOW = 150_000;

interface DisputeBody {
  readonly openedBy: 'creator' | 'brand';
  readonly reason: string;
  readonly answer: { by: string; note: string; at: string } | null;
}

interface DealMoneyBody {
  readonly milestones: { id: string; state: string; dispute: DisputeBody | null }[];
}

const disputeOn = (body: unknown, milestoneId: string): DisputeBody | null | undefined =>
  (body as DealMoneyBody).milestones.find(({ id }) => id === milestoneId)?.dispute;

/**
 * A dispute answered (#39): the side that did not open it answers once, before an admin decides;
 * the answer is on the milestone and on the admin's dispute page, and both sides and the admins
 * are told once. The side that opened it, a second answer and an answer after the decision are
 * refused.
 */
describe('Answering a dispute (#39)', () => {
  let m: MoneyNoticesApp;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    m = await startMoneyNoticesApp();
    await m.pass(); // the follower starts here
  }, SLOW);

  afterAll(async () => {
    await m.stop();
  }, SLOW);

  const adminDispute = async (milestoneId: string) =>
    (await m.adminDispute(milestoneId)) as { dispute: DisputeBody };

  it(
    "the creator answers the brand's dispute once; the brand cannot answer its own; everyone is told once",
    async () => {
      await m.advanceToIst(10);
      const { dealId, token, first } = await m.acceptedByMail('Answered reel', 'Answered cut');
      await m.fund(token, first);
      await request(m.app.server)
        .post(`${MONEY}/dispute`)
        .send({ token, milestoneId: first, reason: 'The reel was not posted' })
        .expect(200);

      // The brand opened it: the brand does not answer it.
      const own = await request(m.app.server)
        .post(`${MONEY}/dispute-answer`)
        .send({ token, milestoneId: first, note: 'Answering myself' })
        .expect(409);
      expect((own.body as { code: string }).code).toBe('MILESTONE_TRANSITION_REFUSED');
      // A blank answer, or one with an invisible direction override, is bad input.
      for (const note of ['   ', 'Posted \u202Eon time']) {
        const refused = await request(m.app.server)
          .post(`${DEALS}/${dealId}/milestones/${first}/dispute/answer`)
          .set(as(m.creator))
          .send({ note })
          .expect(400);
        expect((refused.body as { code: string }).code).toBe('VALIDATION_FAILED');
      }

      await m.advanceClock(DAY_MS);
      const answered = await request(m.app.server)
        .post(`${DEALS}/${dealId}/milestones/${first}/dispute/answer`)
        .set(as(m.creator))
        .send({ note: '  It went live on Monday: https://www.instagram.com/reel/abc/  ' })
        .expect(200);
      const answer = {
        by: 'creator',
        note: 'It went live on Monday: https://www.instagram.com/reel/abc/',
        at: m.clock.now().toISOString(),
      };
      expect(disputeOn(answered.body, first)).toMatchObject({
        openedBy: 'brand',
        reason: 'The reel was not posted',
        answer,
      });
      // The brand's page and the admin's dispute page show it; the money stays frozen.
      const brandView = await request(m.app.server).post(MONEY).send({ token }).expect(200);
      expect(disputeOn(brandView.body, first)?.answer).toEqual(answer);
      expect((await adminDispute(first)).dispute.answer).toEqual(answer);
      const money = brandView.body as DealMoneyBody;
      expect(money.milestones.find(({ id }) => id === first)?.state).toBe('disputed');

      // Once: a second answer is refused.
      const again = await request(m.app.server)
        .post(`${DEALS}/${dealId}/milestones/${first}/dispute/answer`)
        .set(as(m.creator))
        .send({ note: 'And another thing' })
        .expect(409);
      expect((again.body as { code: string }).code).toBe('DISPUTE_ALREADY_ANSWERED');

      const toOthers = 'Dispute answered: "Answered cut"';
      const toAnswerer = 'You answered the dispute on "Answered cut"';
      await m.passUntilMailed(DEAL_BRAND_EMAIL, toOthers);
      await m.passUntilMailed(MONEY_CREATOR.email, toAnswerer);
      expect(kindsIn(await m.bellOf(m.creator, dealId), 'dispute_answered')).toEqual([toAnswerer]);
      const adminsNotice = (await m.adminsBell(dealId)).filter(
        ({ kind }) => kind === 'dispute_answered',
      );
      expect(adminsNotice).toEqual([
        expect.objectContaining({
          title: toOthers,
          body: 'Asha Rao answered the dispute on "Answered cut" of "Answered reel". The money stays frozen until Paylock decides.',
        }),
      ]);

      await m.passAndSettle();
      await m.passAndSettle();
      expect(await m.countTo(DEAL_BRAND_EMAIL, toOthers)).toBe(1);
      expect(await m.countTo(MONEY_CREATOR.email, toAnswerer)).toBe(1);
      expect(await m.countTo(MONEY_CREATOR.email, toOthers)).toBe(0);
    },
    SLOW,
  );

  it(
    "a brand workspace answers the creator's dispute by its link; too late once an admin decided",
    async () => {
      await m.advanceToIst(10);
      const { dealId, token, first, second } = await m.acceptedByWorkspace(
        'Workspace reel',
        'Workspace cut',
      );
      await m.fund(token, first);
      await m.fund(token, second);
      for (const milestone of [first, second]) {
        await request(m.app.server)
          .post(`${DEALS}/${dealId}/milestones/${milestone}/dispute`)
          .set(as(m.creator))
          .send({ reason: 'The brand went silent' })
          .expect(200);
      }
      // The creator opened them: the creator does not answer them.
      await request(m.app.server)
        .post(`${DEALS}/${dealId}/milestones/${first}/dispute/answer`)
        .set(as(m.creator))
        .send({ note: 'Answering myself' })
        .expect(409);

      const answered = await request(m.app.server)
        .post(`${MONEY}/dispute-answer`)
        .send({ token, milestoneId: first, note: 'We were travelling; the brief is attached.' })
        .expect(200);
      expect(disputeOn(answered.body, first)?.answer).toMatchObject({
        by: 'brand',
        note: 'We were travelling; the brief is attached.',
      });
      const toCreator = 'Dispute answered: "Workspace cut"';
      await m.passUntilMailed(MONEY_CREATOR.email, toCreator);
      expect(kindsIn(await m.bellOf(m.brand, dealId), 'dispute_answered')).toEqual([
        'You answered the dispute on "Workspace cut"',
      ]);
      const creatorsNotice = (await m.bellOf(m.creator, dealId)).filter(
        ({ kind }) => kind === 'dispute_answered',
      );
      expect(creatorsNotice.map(({ body }) => body)).toEqual([
        'Glow Naturals Pvt Ltd answered the dispute on "Workspace cut" of "Workspace reel". The money stays frozen until Paylock decides.',
      ]);

      // The second dispute is decided before the brand answers it: too late.
      await m.resolveDispute(second, 'release');
      const late = await request(m.app.server)
        .post(`${MONEY}/dispute-answer`)
        .send({ token, milestoneId: second, note: 'Too late' })
        .expect(409);
      expect((late.body as { code: string }).code).toBe('DISPUTE_ALREADY_RESOLVED');
    },
    SLOW,
  );
});
