import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { CODE_VARIABLE, type SmsInbox, startSmsInbox } from './index.ts';

let inbox: SmsInbox;

before(async () => {
  inbox = await startSmsInbox({ authKey: 'test-key', templateId: 'tpl-1' });
});

after(async () => {
  await inbox.stop();
});

beforeEach(() => {
  inbox.fail(null);
  inbox.clear();
});

function flow(body: unknown, headers: Record<string, string> = { authkey: 'test-key' }) {
  return fetch(`${inbox.url}/api/v5/flow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const GOOD = {
  template_id: 'tpl-1',
  sender: 'PAYLCK',
  short_url: '0',
  recipients: [{ mobiles: '919876543210', [CODE_VARIABLE]: '042917' }],
};

void describe('the MSG91 Flow endpoint', () => {
  void it('accepts a message as MSG91 does and keeps it', async () => {
    const response = await flow(GOOD);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { type: string; message: string };
    assert.equal(body.type, 'success');
    assert.match(body.message, /^[a-f\d]{24}$/);
    const [sms] = inbox.messages();
    assert.ok(sms);
    assert.equal(sms.to, '+919876543210');
    assert.equal(sms.sender, 'PAYLCK');
    assert.equal(sms.variables[CODE_VARIABLE], '042917');
    assert.match(sms.text, /^042917 is your Paylock sign-in code/);
    assert.equal(inbox.latestCodeFor('+919876543210'), '042917');
  });

  void it("sends with the template's own header when the request names no sender, as MSG91 does", async () => {
    const withoutSender: Record<string, unknown> = { ...GOOD };
    delete withoutSender.sender;
    const response = await flow(withoutSender);
    assert.equal(response.status, 200);
    assert.equal(inbox.messages().at(-1)?.sender, 'PAYLCK');
  });

  void it('refuses a missing or wrong authkey header with an authentication failure', async () => {
    for (const headers of [{}, { authkey: 'other' }] as Record<string, string>[]) {
      const response = await flow(GOOD, headers);
      assert.equal(response.status, 401);
      assert.deepEqual(await response.json(), { type: 'error', message: 'Authentication failure' });
    }
    assert.equal(inbox.messages().length, 0);
  });

  void it('refuses what MSG91 would: another template, a bad sender, a non-Indian number, no code', async () => {
    const bad = [
      { ...GOOD, template_id: 'other' },
      { ...GOOD, sender: 'PAY' },
      { ...GOOD, recipients: [{ mobiles: '14155550100', otp: '1' }] },
      { ...GOOD, recipients: [{ mobiles: '919876543210' }] },
      { ...GOOD, recipients: [] },
      'not json',
    ];
    for (const body of bad) {
      const response = await flow(body);
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as { type: string }).type, 'error');
    }
    assert.equal(inbox.messages().length, 0);
  });

  void it('plays a provider that is down: an error status, or a dropped connection', async () => {
    inbox.fail({ status: 503 });
    assert.equal((await flow(GOOD)).status, 503);
    inbox.fail({ drop: true });
    await assert.rejects(flow(GOOD));
    inbox.fail(null);
    assert.equal((await flow(GOOD)).status, 200);
    assert.equal(inbox.messages().length, 1);
  });
});

void describe('what the inbox shows', () => {
  void it('lists messages as JSON, filtered by number, and waits for the next one', async () => {
    const waiting = inbox.nextMessageTo('+919876543210');
    await flow(GOOD);
    assert.equal((await waiting).variables[CODE_VARIABLE], '042917');
    const all = (await (await fetch(`${inbox.url}/api/messages`)).json()) as unknown[];
    assert.equal(all.length, 1);
    const none = (await (
      await fetch(`${inbox.url}/api/messages?to=%2B919000000000`)
    ).json()) as unknown[];
    assert.equal(none.length, 0);
  });

  void it('shows the messages on a page, as text', async () => {
    await flow({ ...GOOD, recipients: [{ mobiles: '919876543210', otp: '<b>1</b>' }] });
    const response = await fetch(inbox.url);
    assert.equal(response.status, 200);
    const page = await response.text();
    assert.match(page, /<h1>SMS inbox<\/h1>/);
    assert.match(page, /&#60;b&#62;1&#60;\/b&#62; is your Paylock sign-in code/);
    assert.doesNotMatch(page, /<b>1<\/b>/);
  });

  void it('gives the backend its SMS settings', () => {
    assert.equal(inbox.backendEnv.SMS_BASE_URL, inbox.url);
    assert.equal(inbox.backendEnv.SMS_AUTH_KEY, 'test-key');
    assert.equal(inbox.backendEnv.SMS_TEMPLATE_ID, 'tpl-1');
  });
});

void describe('registered notice templates', () => {
  let notices: SmsInbox;
  const template = {
    id: 'tpl-funding-due',
    text: 'Fund {#var#} ({#var#}) on Paylock. - Paylock',
    variables: ['milestone', 'amount'],
  };

  before(async () => {
    notices = await startSmsInbox({ authKey: 'test-key', templates: [template] });
  });

  after(async () => {
    await notices.stop();
  });

  const send = (recipient: Record<string, string>) =>
    fetch(`${notices.url}/api/v5/flow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authkey: 'test-key' },
      body: JSON.stringify({ template_id: template.id, recipients: [recipient] }),
    });

  void it('fills a registered template’s variables in order', async () => {
    const response = await send({
      mobiles: '919876543210',
      milestone: 'Signing',
      amount: '₹25,000',
    });
    assert.equal(response.status, 200);
    const sms = await notices.nextMessageTo('+919876543210');
    assert.equal(sms.templateId, 'tpl-funding-due');
    assert.equal(sms.text, 'Fund Signing (₹25,000) on Paylock. - Paylock');
  });

  void it('lists the registered templates, the sign-in code’s first', async () => {
    const response = await fetch(`${notices.url}/api/templates`);
    assert.equal(response.status, 200);
    const listed = (await response.json()) as { id: string }[];
    assert.deepEqual(
      listed.map(({ id }) => id),
      ['local-otp-template', 'tpl-funding-due'],
    );
    assert.deepEqual(listed[1], template);
  });

  void it('refuses a message missing one of the template’s variables', async () => {
    const response = await send({ mobiles: '919876543210', milestone: 'Signing' });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), {
      type: 'error',
      message: 'Missing template variable amount',
    });
  });
});
