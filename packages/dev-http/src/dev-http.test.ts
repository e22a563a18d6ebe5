/**
 * The stand-ins' HTTP helpers.
 *   node --test packages/dev-http/src/dev-http.test.ts
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { escapeHtml, isRecord, readBody } from './index.ts';

void describe('readBody', () => {
  let server: Server;
  let url = '';

  before(async () => {
    server = createServer((request, response) => {
      void readBody(request, 32).then((body) => {
        response.end(body === undefined ? 'too large' : `read:${body}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  void it('reads a body within the cap as UTF-8 text', async () => {
    const response = await fetch(url, { method: 'POST', body: 'नमस्ते' });
    assert.equal(await response.text(), 'read:नमस्ते');
  });

  void it('answers undefined for a body over the cap', async () => {
    const response = await fetch(url, { method: 'POST', body: 'x'.repeat(33) });
    assert.equal(await response.text(), 'too large');
  });
});

void describe('escapeHtml and isRecord', () => {
  void it('escapes the five characters that matter in HTML', () => {
    assert.equal(
      escapeHtml(`<a href="x">'&'</a>`),
      '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;',
    );
  });

  void it('tells a JSON object from null, arrays and scalars', () => {
    assert.equal(isRecord({ a: 1 }), true);
    assert.equal(isRecord(null), false);
    assert.equal(isRecord([]), false);
    assert.equal(isRecord('x'), false);
  });
});
