import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isUpToDate, sourceHash, writeStamp } from './build-stamp.ts';
import { ROOT } from './paths.ts';

void describe('build stamp', () => {
  void it('changes with a source, not with an ignored folder, and marks an output up to date', async () => {
    const dir = await mkdtemp(path.join(ROOT, '.tmp-stamp-'));
    const relative = path.relative(ROOT, dir);
    const out = await mkdtemp(path.join(os.tmpdir(), 'stamp-out-'));
    try {
      await mkdir(path.join(dir, 'src'));
      await mkdir(path.join(dir, 'dist'));
      await writeFile(path.join(dir, 'src', 'a.ts'), 'one');
      const inputs = { paths: [relative], ignore: ['dist'], environment: ['PAYLOCK_STAMP_TEST'] };
      const first = await sourceHash(inputs);
      await writeFile(path.join(dir, 'dist', 'a.js'), 'built');
      assert.equal(await sourceHash(inputs), first);
      await writeFile(path.join(dir, 'src', 'a.ts'), 'two');
      const second = await sourceHash(inputs);
      assert.notEqual(second, first);
      process.env.PAYLOCK_STAMP_TEST = 'x';
      assert.notEqual(await sourceHash(inputs), second);
      delete process.env.PAYLOCK_STAMP_TEST;

      assert.equal(await isUpToDate(out, second), false);
      await writeStamp(out, second);
      assert.equal(await isUpToDate(out, second), true);
      assert.equal(await isUpToDate(out, first), false);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(out, { recursive: true, force: true });
    }
  });
});
