import { HtmlValidate } from 'html-validate';
import { MailTemplateError } from '../mail-template.js';
import { renderMailKind } from '../render-mail-kind.js';

const FOOTER = { supportEmail: 'support@paylock.in' };
const TO = { email: 'asha@example.com', name: 'Asha Rao' };
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'no-inline-style': 'off' },
});

describe('the contact e-mail mails (#41)', () => {
  const confirmUrl = 'https://paylock.in/account/contact-email?token=abc';

  it('the link to the new address says what it does, once, and when it expires', async () => {
    const mail = renderMailKind(
      'contact-email-confirmation',
      TO,
      { confirmUrl, expiresInHours: '24' },
      FOOTER,
    );
    expect(mail.subject).toBe('Confirm your new contact e-mail for Paylock');
    expect(mail.text).toContain(confirmUrl);
    expect(mail.text).toContain('The link works once and expires in 24 hours.');
    expect((await validator.validateString(mail.html)).valid).toBe(true);
  });

  it('the notice to the old address names the new one masked and links to Security', async () => {
    const securityUrl = 'https://paylock.in/creator/settings#security';
    const mail = renderMailKind(
      'contact-email-changed',
      TO,
      { newEmail: 'a•••@example.com', securityUrl },
      FOOTER,
    );
    expect(mail.subject).toBe('Your Paylock contact e-mail was changed');
    expect(mail.text).toContain('a•••@example.com');
    expect(mail.text).toContain(securityUrl);
    expect((await validator.validateString(mail.html)).valid).toBe(true);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      renderMailKind(
        'contact-email-changed',
        TO,
        { newEmail: 'a•••@example.com', securityUrl: 'javascript:alert(1)' },
        FOOTER,
      ),
    ).toThrow(MailTemplateError);
  });

  it('the new-browser notice names the browser and the time, and links to Security', async () => {
    const securityUrl = 'https://paylock.in/creator/settings#security';
    const mail = renderMailKind(
      'new-sign-in',
      TO,
      { device: 'Chrome on Android', at: '27 Nov 2026, 9:10 pm India time', securityUrl },
      FOOTER,
    );
    expect(mail.subject).toBe('New sign-in to your Paylock account');
    expect(mail.text).toContain('Chrome on Android on 27 Nov 2026, 9:10 pm India time');
    expect(mail.text).toContain(securityUrl);
    expect((await validator.validateString(mail.html)).valid).toBe(true);
  });

  it('the support confirmation names the subject and the reference', async () => {
    const mail = renderMailKind(
      'support-request-received',
      TO,
      { subject: 'Milestone 2 not funded', reference: 'abc123' },
      FOOTER,
    );
    expect(mail.subject).toBe('We have your question: Milestone 2 not funded');
    expect(mail.text).toContain('Your reference: abc123.');
    expect((await validator.validateString(mail.html)).valid).toBe(true);
  });

  it('a grievance’s confirmation acknowledges it and names the 15 days it is resolved in', () => {
    const mail = renderMailKind(
      'support-request-received',
      TO,
      { subject: 'My data was shared', reference: 'abc123', kind: 'grievance' },
      FOOTER,
    );
    expect(mail.subject).toBe('We have your grievance: My data was shared');
    expect(mail.text).toContain('this e-mail acknowledges it');
    expect(mail.text).toContain('resolve it within 15 days');
  });
});
