import { mailAddressOf, maskedEmail } from './contact-email.js';

describe('contact e-mail', () => {
  it('masks all of the local part but its first character', () => {
    expect(maskedEmail('asha.work@example.com')).toBe('a•••@example.com');
  });

  it('mails the confirmed contact address, else the sign-in address', () => {
    expect(mailAddressOf('asha@gmail.com', undefined)).toBe('asha@gmail.com');
    expect(
      mailAddressOf('asha@gmail.com', {
        accountId: 'x',
        email: null,
        pending: { email: 'new@example.com', requestedAt: new Date() },
      }),
    ).toBe('asha@gmail.com');
    expect(mailAddressOf('asha@gmail.com', { accountId: 'x', email: 'work@example.com' })).toBe(
      'work@example.com',
    );
  });
});
