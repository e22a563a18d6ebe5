import { CURRENT_PRIVACY_NOTICE_VERSION } from './privacy-notice.js';
import { parseWaitlistApplication, type RawWaitlistApplication } from './waitlist-application.js';
import { InvalidWaitlistApplicationError } from './waitlist.errors.js';

const valid: RawWaitlistApplication = {
  fullName: '  Asha Rao ',
  email: ' Asha@Example.com',
  phoneNumber: '98765 43210',
  instagramHandle: '@asha.creates',
  userType: 'influencer',
};

function fieldErrorsOf(raw: RawWaitlistApplication): object {
  try {
    parseWaitlistApplication(raw);
  } catch (error) {
    if (error instanceof InvalidWaitlistApplicationError) return error.fieldErrors;
    throw error;
  }
  throw new Error('expected the application to be rejected');
}

describe('parseWaitlistApplication', () => {
  it('normalises every field and defaults to the current privacy notice', () => {
    const application = parseWaitlistApplication(valid);
    expect(application.fullName.value).toBe('Asha Rao');
    expect(application.email.value).toBe('asha@example.com');
    expect(application.phone.national).toBe('9876543210');
    expect(application.phone.e164).toBe('+919876543210');
    expect(application.instagramHandle.value).toBe('asha.creates');
    expect(application.userType).toBe('influencer');
    expect(application.privacyNoticeVersion).toBe(CURRENT_PRIVACY_NOTICE_VERSION);
  });

  it('accepts the current privacy notice version when given', () => {
    const application = parseWaitlistApplication({
      ...valid,
      privacyNoticeVersion: CURRENT_PRIVACY_NOTICE_VERSION,
    });
    expect(application.privacyNoticeVersion).toBe(CURRENT_PRIVACY_NOTICE_VERSION);
  });

  it('reports every invalid field at once, each with its own message', () => {
    expect(
      fieldErrorsOf({
        fullName: 'A',
        email: 'asha@example',
        phoneNumber: '12345',
        instagramHandle: '',
        userType: 'creator',
        privacyNoticeVersion: '2020-01-01',
      }),
    ).toEqual({
      fullName: 'Full name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phoneNumber: 'Please enter a valid 10-digit phone number',
      instagramHandle: 'Instagram handle is required',
      userType: 'Please select your user type',
      privacyNoticeVersion: 'Please reload the page and try again',
    });
  });

  it('names only the invalid fields', () => {
    expect(fieldErrorsOf({ ...valid, email: '' })).toEqual({ email: 'Email is required' });
  });
});
