import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import sharp from 'sharp';
import request from 'supertest';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  type ErrorBody,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';

const PHOTO = '/api/v1/account/photo';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

/** A 64×48 JPEG carrying EXIF (a copyright line, as a camera's GPS would be). */
function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#4f46e5' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Asha' } })
    .toBuffer();
}

/** A JPEG with an HTML page in a comment segment: still ends like a JPEG (a polyglot). */
async function jpegWithHtmlComment(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(html.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    html,
    jpeg.subarray(2),
  ]);
}

/** Profile photos (#41): refused by what the bytes are, re-encoded before they are served. */
describe('Your account: profile photo (HTTP)', () => {
  let idp: IdentityProvider;
  let app: TestApp;
  let asha = '';

  beforeAll(async () => {
    idp = await startIdentityProvider();
    app = await createTestApp({ env: authTestEnv(idp, { SIGNUP_MODE: 'open' }) });
    idp.setNextIdentity({ sub: 'photo-asha', email: 'photo.asha@gmail.com', name: 'Asha' });
    const answer = await request(app.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    asha = (answer.body as SessionBody).accessToken;
  });

  afterAll(async () => {
    await app.close();
    await idp.stop();
  });

  const upload = (body: Buffer | string, contentType: string) =>
    request(app.server)
      .put(PHOTO)
      .set('Authorization', `Bearer ${asha}`)
      .set('Origin', APP_ORIGIN)
      .set('Content-Type', contentType)
      .send(body);

  async function refused(response: request.Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect((response.body as ErrorBody).code).toBe(code);
    const current = await request(app.server).get(PHOTO).set('Authorization', `Bearer ${asha}`);
    expect((current.body as { photoUrl: string | null }).photoUrl).toBeNull();
  }

  it('re-encodes the upload: served with its type, nosniff and cache headers, not byte-identical, without metadata', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const saved = await upload(original, 'image/jpeg').expect(200);
    const { photoUrl } = saved.body as { photoUrl: string };
    expect(photoUrl).toMatch(new RegExp(`^${APP_ORIGIN}/api/v1/profile-photos/`));

    const served = await request(app.server)
      .get(new URL(photoUrl).pathname)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          done(null, Buffer.concat(chunks));
        });
      })
      .expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bytes = served.body as Buffer;
    expect(bytes.equals(original)).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Camera Owner'))).toBe(false);

    // Removed: the account has none, and the old address is gone.
    await request(app.server)
      .delete(PHOTO)
      .set('Authorization', `Bearer ${asha}`)
      .set('Origin', APP_ORIGIN)
      .expect(204);
    await request(app.server).get(new URL(photoUrl).pathname).expect(404);
    const after = await request(app.server)
      .get(PHOTO)
      .set('Authorization', `Bearer ${asha}`)
      .expect(200);
    expect(after.body).toEqual({ photoUrl: null });
  });

  it('refuses a file whose bytes are not PNG, JPEG or WebP, whatever it claims', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    await refused(await upload(gif, 'image/png'), 415, 'PHOTO_TYPE_NOT_ALLOWED');
    await refused(await upload('just text', 'image/jpeg'), 415, 'PHOTO_TYPE_NOT_ALLOWED');
  });

  it('refuses SVG, with a script or without', async () => {
    await refused(await upload(SVG, 'image/svg+xml'), 415, 'PHOTO_TYPE_NOT_ALLOWED');
    await refused(await upload(SVG_WITH_SCRIPT, 'image/svg+xml'), 415, 'PHOTO_TYPE_NOT_ALLOWED');
    await refused(await upload(SVG_WITH_SCRIPT, 'image/png'), 415, 'PHOTO_TYPE_NOT_ALLOWED');
  });

  it('refuses more than 2 MB', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0);
    (await jpegWithExif()).copy(big);
    const response = await upload(big, 'image/jpeg');
    await refused(response, 413, 'PHOTO_TOO_LARGE');
    expect((response.body as ErrorBody).message).toBe('The photo must be 2 MB or smaller.');
  });

  it('refuses polyglots: a page appended after the image, or hidden inside it', async () => {
    const appended = Buffer.concat([
      await jpegWithExif(),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    await refused(await upload(appended, 'image/jpeg'), 422, 'PHOTO_NOT_ACCEPTED');
    await refused(
      await upload(await jpegWithHtmlComment(), 'image/jpeg'),
      422,
      'PHOTO_NOT_ACCEPTED',
    );
  });

  it('refuses bytes that start like an image but do not decode', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(40, 7), png.subarray(-12)]);
    await refused(await upload(broken, 'image/png'), 422, 'PHOTO_NOT_ACCEPTED');
  });

  it('answers 405 with Allow to a method the contract does not document there, image body or not', async () => {
    for (const method of ['post', 'patch'] as const) {
      const answer = await request(app.server)
        [method](PHOTO)
        .set('Authorization', `Bearer ${asha}`)
        .set('Origin', APP_ORIGIN)
        .set('Content-Type', 'image/jpeg')
        .send(Buffer.from([0xff, 0xd8, 0xff]))
        .expect(405);
      expect((answer.body as ErrorBody).code).toBe('METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('GET, PUT, DELETE, HEAD, OPTIONS');
    }
  });

  it('answers a photo that does not exist with a JSON error', async () => {
    const answer = await request(app.server).get('/api/v1/profile-photos/nobody/v1').expect(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect((answer.body as ErrorBody).code).toBe('PHOTO_NOT_FOUND');
  });

  it('needs a session', async () => {
    await request(app.server)
      .put(PHOTO)
      .set('Origin', APP_ORIGIN)
      .set('Content-Type', 'image/png')
      .send(Buffer.from([0x89]))
      .expect(401);
  });
});
