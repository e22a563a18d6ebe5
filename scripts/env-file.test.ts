/** `.env` loading for `npm start`:  node --test scripts/env-file.test.ts */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadEnvFile } from './lib/env-file.ts';
import { ROOT } from './lib/paths.ts';

const envFileWith = async (text: string): Promise<string> => {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'paylock-env-')), '.env');
  await writeFile(file, text);
  return file;
};

void describe('loadEnvFile', () => {
  void it('sets the variables the environment does not set', async () => {
    const environment: Record<string, string | undefined> = {};
    const file = await envFileWith('SMTP_URL=smtp://127.0.0.1:2525\nLOG_LEVEL="debug"\n');
    assert.deepEqual(loadEnvFile(file, environment).sort(), ['LOG_LEVEL', 'SMTP_URL']);
    assert.deepEqual(environment, { SMTP_URL: 'smtp://127.0.0.1:2525', LOG_LEVEL: 'debug' });
  });

  void it('lets a value from the environment win', async () => {
    const environment: Record<string, string | undefined> = { LOG_LEVEL: 'warn' };
    loadEnvFile(await envFileWith('LOG_LEVEL=debug\n'), environment);
    assert.equal(environment.LOG_LEVEL, 'warn');
  });

  void it('skips empty values, as the backend counts them unset', async () => {
    const environment: Record<string, string | undefined> = {};
    assert.deepEqual(loadEnvFile(await envFileWith('PORT=\nWEB_PORT=  \n'), environment), []);
    assert.deepEqual(environment, {});
  });

  void it('does nothing without a file', () => {
    assert.deepEqual(loadEnvFile(path.join(os.tmpdir(), 'no-such-dir-paylock', '.env'), {}), []);
  });

  void it('the root .env.example is a valid file that sets nothing by default', async () => {
    const text = await readFile(path.join(ROOT, '.env.example'), 'utf8');
    const environment: Record<string, string | undefined> = {};
    assert.deepEqual(loadEnvFile(await envFileWith(text), environment), []);
  });
});
