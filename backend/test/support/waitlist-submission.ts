/** The n-th distinct person's waitlist form, as a client sends it (unique phone, e-mail, handle). */
export function waitlistSubmission(index: number, overrides: object = {}) {
  return {
    fullName: `Creator ${index}`,
    email: `creator${index}@example.com`,
    phoneNumber: `9${String(index).padStart(9, '0')}`,
    instagramHandle: `creator_${index}`,
    userType: 'influencer',
    ...overrides,
  };
}
