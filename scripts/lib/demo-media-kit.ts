/**
 * A demo creator's public media kit at `/@demo`, seeded through the API by `npm start` (with the
 * local identity provider) and by `npm run bench:web` (which measures the page): a bio, two
 * platforms with self-reported figures, three packages (one hidden) and the track record shown.
 * A kit that already has a handle is the creator's own: it is left as it is.
 */
import type { IdentityProvider } from './identity-provider.ts';

export const DEMO_HANDLE = 'demo';

/**
 * The kit's own creator: not the chooser's demo creator, whose first visit stays a sign-up (a
 * seeded account would answer "already registered" to it).
 */
export const DEMO_KIT_IDENTITY = {
  sub: 'local-demo-media-kit',
  email: 'demo.kit@paylock.local',
  name: 'Aarohi Kulkarni (demo)',
  email_verified: true,
};

const reel = {
  platform: 'instagram',
  kind: 'reel',
  quantity: 1,
  usageRights: 'Organic posting on the brand’s Instagram',
  usagePeriodDays: 90,
  turnaroundDays: 10,
  visible: true,
};

export const DEMO_KIT = {
  bio: 'Skincare and slow travel, in Hindi and English. Honest reviews, tested for four weeks before I post.',
  niches: ['beauty', 'skincare', 'travel'],
  languages: ['Hindi', 'English'],
  city: 'Pune',
  portfolioLinks: ['https://example.com/demo/monsoon-skincare-reel'],
  platforms: [
    {
      platform: 'instagram',
      handle: 'demo.creates',
      audience: {
        followers: 184_000,
        medianViews: 52_000,
        note: '68% women, mostly 18–34, Maharashtra',
      },
    },
    {
      platform: 'youtube',
      handle: 'democreates',
      audience: {
        followers: 41_000,
        medianViews: 18_500,
        note: 'Long-form reviews, 60% from India',
      },
    },
  ],
  packages: [
    {
      ...reel,
      title: 'One Instagram Reel',
      pricePaise: 35_000_00,
      priceIsFrom: true,
      milestoneSplit: [50, 50],
    },
    {
      ...reel,
      title: 'YouTube integration (60–90 s)',
      platform: 'youtube',
      kind: 'video',
      usageRights: 'Organic, on the creator’s channel',
      usagePeriodDays: 0,
      pricePaise: 1_20_000_00,
      priceIsFrom: false,
      turnaroundDays: 21,
      milestoneSplit: [30, 70],
    },
    {
      ...reel,
      title: 'Launch bundle (not on the page yet)',
      pricePaise: 2_50_000_00,
      priceIsFrom: false,
      milestoneSplit: [40, 30, 30],
      visible: false,
    },
  ],
  allowIndexing: false,
  showTrackRecord: true,
};

async function call(
  apiUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  body?: object,
  token?: string,
): Promise<Response> {
  return fetch(`${apiUrl}/api/v1${route}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'paylock',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** The kit's creator's token: signed in, or signed up on the first run. */
async function demoCreatorToken(apiUrl: string, provider: IdentityProvider): Promise<string> {
  const credential = await provider.issueIdToken(DEMO_KIT_IDENTITY);
  let session = await call(apiUrl, 'POST', '/auth/login', { credential });
  if (session.status === 404 || session.status === 401) {
    session = await call(apiUrl, 'POST', '/auth/register', { credential });
  }
  await expectOk(session, 'Signing in the demo kit’s creator');
  return ((await session.json()) as { accessToken: string }).accessToken;
}

/**
 * Publishes the demo kit at /@demo unless its creator already chose a handle; answers the handle
 * of their public page (null: they unpublished it).
 */
export async function seedDemoMediaKit(
  apiUrl: string,
  provider: IdentityProvider,
): Promise<string | null> {
  const token = await demoCreatorToken(apiUrl, provider);
  const current = await expectOk(
    await call(apiUrl, 'GET', '/media-kit', undefined, token),
    'Reading the demo kit',
  );
  const kit = (await current.json()) as { handle: string | null; published: boolean };
  if (kit.handle !== null) return kit.published ? kit.handle : null;
  await expectOk(await call(apiUrl, 'PUT', '/media-kit', DEMO_KIT, token), 'Saving the demo kit');
  await expectOk(
    await call(apiUrl, 'PUT', '/media-kit/handle', { handle: DEMO_HANDLE }, token),
    'Choosing the demo handle',
  );
  await expectOk(
    await call(apiUrl, 'PUT', '/media-kit/publication', { published: true }, token),
    'Publishing the demo kit',
  );
  return DEMO_HANDLE;
}
