import { HtmlValidate } from 'html-validate';
import { MailTemplateError } from './mail-template.js';
import { renderMailKind } from './render-mail-kind.js';

const FOOTER = { supportEmail: 'support@paylock.in' };
const TO = { email: 'asha@example.com', name: 'Asha Rao' };
const DATA = {
  confirmUrl: 'https://paylock.in/waitlist/confirm?token=abc123',
  expiresInHours: '72',
};

/**
 * html-validate's recommended rules, minus the one an e-mail must break: e-mail clients ignore
 * <style> blocks and external sheets, so styles are inline.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'no-inline-style': 'off' },
});

describe('the waitlist-confirmation e-mail', () => {
  const mail = renderMailKind('waitlist-confirmation', TO, DATA, FOOTER);

  it('has the subject of the contract', () => {
    expect(mail.subject).toBe('Confirm your place on the Paylock waitlist');
  });

  it('reads, in plain text, as a greeting, the link, its expiry and a footer saying who we are', () => {
    expect(mail.text).toBe(
      [
        'Hi Asha Rao,',
        'Thanks for joining the Paylock waitlist. One last step: confirm that this is your e-mail address, and your place on the list is yours.',
        'Confirm my place:\nhttps://paylock.in/waitlist/confirm?token=abc123',
        'The link works once and expires in 72 hours. If it has expired, join again from the waitlist page and we will send a new one.',
        'If the button does not work, open this address:\nhttps://paylock.in/waitlist/confirm?token=abc123',
        'Did not sign up? Ignore this e-mail: without confirmation the entry and your details are deleted after 72 hours.',
        '—',
        'Paylock helps Indian content creators get paid: milestone payments, contracts and guaranteed payouts.',
        'Questions? Write to support@paylock.in or simply reply to this e-mail.',
        "Paylock — Paylock it, Don't Chase it",
      ].join('\n\n') + '\n',
    );
  });

  it('says the same in HTML, as a valid document', async () => {
    const report = await validator.validateString(mail.html);
    expect(report.results.flatMap((result) => result.messages.map((m) => m.message))).toEqual([]);
    expect(mail.html).toContain('<title>Confirm your place on the Paylock waitlist</title>');
    expect(mail.html).toContain('Hi Asha Rao,');
    expect(mail.html).toContain(
      '<a href="https://paylock.in/waitlist/confirm?token=abc123" style="',
    );
    expect(mail.html).toContain('expires in 72 hours');
    expect(mail.html).toContain('<a href="mailto:support@paylock.in">support@paylock.in</a>');
  });

  it('loads nothing from anywhere: no images, no remote styles or scripts (no tracking pixel)', () => {
    expect(mail.html).not.toMatch(/<(img|script|link|iframe|object|embed)\b/i);
    expect(mail.html).not.toMatch(/url\(/i);
    const links = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(links).toEqual([DATA.confirmUrl, DATA.confirmUrl, 'mailto:support@paylock.in']);
  });

  it('escapes every interpolated value in the HTML', async () => {
    const hostile = renderMailKind(
      'waitlist-confirmation',
      { email: 'x@example.com', name: '<script>alert("x")</script> & \'Co\'' },
      { ...DATA, confirmUrl: 'https://paylock.in/c?t=1&u="><img src=x>' },
      FOOTER,
    );
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain(
      'Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;,',
    );
    const report = await validator.validateString(hostile.html);
    expect(report.valid).toBe(true);
  });

  it('puts a name with line breaks or invisible characters on one line', () => {
    const sneaky = renderMailKind(
      'waitlist-confirmation',
      { email: 'x@example.com', name: 'Asha\r\nBcc: everyone@example.com\u202e\u200b' },
      DATA,
      FOOTER,
    );
    expect(sneaky.text.split('\n')[0]).toBe('Hi Asha Bcc: everyone@example.com,');
  });

  it.each([
    [{ expiresInHours: '72' }, 'confirmUrl must be an absolute URL'],
    [{ ...DATA, confirmUrl: 'javascript:alert(1)' }, 'confirmUrl must be an http(s) URL'],
    [{ confirmUrl: DATA.confirmUrl }, 'expiresInHours is required'],
    [{ ...DATA, expiresInHours: 'soon' }, 'expiresInHours must be a whole number of hours'],
  ])('refuses data that does not fit: %p', (data, message) => {
    expect(() => renderMailKind('waitlist-confirmation', TO, data, FOOTER)).toThrow(
      new MailTemplateError(message),
    );
  });
});

describe('the early-access-invite e-mail', () => {
  const INVITE_URL =
    'https://paylock.in/register?invite=q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E';
  const mail = renderMailKind(
    'early-access-invite',
    TO,
    { inviteUrl: INVITE_URL, expiresInDays: '14' },
    FOOTER,
  );

  it('has the subject of the issue, verbatim', () => {
    expect(mail.subject).toBe('Your Paylock early access is ready');
  });

  it('carries the register link with its code, and says how long it works', () => {
    expect(mail.text).toContain(`Create my account:\n${INVITE_URL}`);
    expect(mail.text).toContain('expires in 14 days');
    expect(mail.html).toContain(`href="${INVITE_URL}"`);
  });

  it('is valid HTML', async () => {
    const report = await validator.validateString(mail.html);
    expect(report.results).toEqual([]);
  });

  it('refuses data that does not fit (a permanent failure, never retried)', () => {
    expect(() =>
      renderMailKind(
        'early-access-invite',
        TO,
        { inviteUrl: 'javascript:alert(1)', expiresInDays: '14' },
        FOOTER,
      ),
    ).toThrow(MailTemplateError);
    expect(() =>
      renderMailKind(
        'early-access-invite',
        TO,
        { inviteUrl: INVITE_URL, expiresInDays: 'soon' },
        FOOTER,
      ),
    ).toThrow(MailTemplateError);
  });
});

describe('the e-mails of the personal page (#13)', () => {
  const personalUrl = 'https://paylock.in/waitlist/me?token=abc123';

  it.each([
    ['waitlist-confirmation', { ...DATA, personalUrl }],
    ['personal-link', { personalUrl, expiresInDays: '7' }],
    ['waitlist-join-attempt', { details: 'phone', personalUrl }],
    ['erasure-confirmation', { seat: '42', personalUrl: 'https://paylock.in/waitlist/me' }],
    [
      'early-access-invite',
      {
        inviteUrl: 'https://paylock.in/register?invite=q3X0yYQ2m0l6b5mJ8c0q1c0p6Jb1xv9d3Qz7kq2Wg4E',
        expiresInDays: '14',
        personalUrl,
      },
    ],
  ] as const)(
    '%s carries the link to the person’s own page, as a valid document',
    async (kind, data) => {
      const mail = renderMailKind(kind, TO, data, FOOTER);
      expect(mail.text).toContain(data.personalUrl);
      expect(mail.html).toContain(`href="${data.personalUrl}"`);
      const report = await validator.validateString(mail.html);
      expect(report.results.flatMap((result) => result.messages.map((m) => m.message))).toEqual([]);
    },
  );

  it('the mail to a new, unconfirmed address carries only the link that confirms it (#28)', () => {
    const mail = renderMailKind(
      'email-change-confirmation',
      TO,
      // A personal link handed in by mistake is not rendered either.
      {
        confirmUrl: 'https://paylock.in/waitlist/me?change=def456',
        expiresInHours: '24',
        personalUrl,
      },
      FOOTER,
    );
    expect(mail.text).toContain('https://paylock.in/waitlist/me?change=def456');
    expect(mail.text).not.toContain(personalUrl);
    expect(mail.html).not.toContain(personalUrl);
  });

  it('the erasure confirmation says what stays: the seat number, nothing personal', () => {
    const withSeat = renderMailKind(
      'erasure-confirmation',
      TO,
      { seat: '42', personalUrl: 'https://paylock.in/waitlist/me' },
      FOOTER,
    );
    expect(withSeat.subject).toBe('Your details were erased from the Paylock waitlist');
    expect(withSeat.text).toContain('seat number 42 and the time it was taken');
    const withoutSeat = renderMailKind(
      'erasure-confirmation',
      TO,
      { seat: '', personalUrl: 'https://paylock.in/waitlist/me' },
      FOOTER,
    );
    expect(withoutSeat.text).toContain('You had no seat yet, so nothing about you stays.');
  });

  it('refuses a personal link that is not http(s)', () => {
    expect(() =>
      renderMailKind(
        'personal-link',
        TO,
        { personalUrl: 'javascript:alert(1)', expiresInDays: '7' },
        FOOTER,
      ),
    ).toThrow(new MailTemplateError('personalUrl must be an http(s) URL'));
  });
});

describe('the e-mails of a cancellation by agreement (contract clause 7)', () => {
  const proposed = renderMailKind(
    'deal-cancellation-proposed',
    { email: 'priya@glow.in', name: 'Priya Mehta' },
    {
      proposerName: 'Asha Rao',
      dealTitle: 'Diwali reel',
      reason: 'The <b>launch</b> was called off.',
      dealUrl: 'https://paylock.in/deal-review?token=abc',
    },
    FOOTER,
  );

  it('tells the other party who proposed it, why, and what agreeing does to the money', () => {
    expect(proposed.subject).toBe('Asha Rao proposes to cancel: Diwali reel');
    expect(proposed.text).toContain('Their reason: The <b>launch</b> was called off.');
    expect(proposed.text).toContain('refunded to the brand automatically');
    expect(proposed.text).toContain('still paid to the creator');
    expect(proposed.text).toContain('https://paylock.in/deal-review?token=abc');
    expect(proposed.html).not.toContain('<b>launch</b>');
  });

  it('tells the proposer the deal is cancelled, and how much went back to the brand', async () => {
    const agreed = renderMailKind(
      'deal-cancellation-agreed',
      TO,
      {
        agreedBy: 'Glow Naturals',
        dealTitle: 'Diwali reel',
        refunded: '₹50,000.00',
        dealUrl: 'https://paylock.in/creator/contracts/d1',
      },
      FOOTER,
    );
    expect(agreed.subject).toBe('Cancelled: Diwali reel');
    expect(agreed.text).toContain('Refunded to the brand: ₹50,000.00.');
    for (const mail of [proposed, agreed]) {
      const report = await validator.validateString(mail.html);
      expect(report.results).toEqual([]);
    }
  });
});

describe('the notification e-mail (#39)', () => {
  const data = {
    title: 'Reminder: fund "Signing" (₹25,000.00)',
    body: '"Diwali reel" is waiting for ₹25,000.00 for "Signing".',
    actionLabel: 'Fund the milestone',
    actionUrl: 'https://paylock.in/deal-review?token=abc',
  };

  it('has its title as subject, its words, and one action', () => {
    const mail = renderMailKind('notification', TO, data, FOOTER);
    expect(mail.subject).toBe(data.title);
    expect(mail.text).toContain(data.body);
    expect(mail.text).toContain('Fund the milestone:\nhttps://paylock.in/deal-review?token=abc');
    expect(mail.listUnsubscribeUrl).toBeUndefined();
  });

  it('carries one-click unsubscribe for a reminder, in the headers and the footer', async () => {
    const unsubscribeUrl = 'https://paylock.in/api/v1/notifications/unsubscribe?token=xyz';
    const mail = renderMailKind('notification', TO, { ...data, unsubscribeUrl }, FOOTER);
    expect(mail.listUnsubscribeUrl).toBe(unsubscribeUrl);
    expect(mail.text).toContain(`Stop these reminders by e-mail:\n${unsubscribeUrl}`);
    expect((await validator.validateString(mail.html)).valid).toBe(true);
  });

  it('refuses an action link that is not http(s)', () => {
    expect(() =>
      renderMailKind('notification', TO, { ...data, actionUrl: 'javascript:alert(1)' }, FOOTER),
    ).toThrow(MailTemplateError);
  });
});
