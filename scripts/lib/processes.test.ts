import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capture, run, runQuietly, startProcess, waitUntil } from './processes.ts';

void describe('child processes', () => {
  void it('run answers the exit code, 127 for a command that does not exist', async () => {
    assert.equal(await run('sh', ['-c', 'exit 0'], { stdio: 'ignore' }), 0);
    assert.equal(await run('sh', ['-c', 'exit 3'], { stdio: 'ignore' }), 3);
    assert.equal(await runQuietly('sh', ['-c', 'exit 4']), 4);
    assert.equal(await run('paylock-no-such-command', [], { stdio: 'ignore' }), 127);
  });

  void it('capture returns standard output as written and throws with the error output', async () => {
    assert.equal(await capture('sh', ['-c', 'printf "a\\nb\\n"']), 'a\nb\n');
    await assert.rejects(capture('sh', ['-c', 'echo broken >&2; exit 2']), /exited 2: broken/);
  });

  void it('an env given is the whole environment of the child', async () => {
    const output = await capture('/bin/sh', ['-c', 'echo "${ONLY:-}/${HOME:-none}"'], {
      env: { ONLY: 'this' },
    });
    assert.equal(output, 'this/none\n');
  });

  void it('stops a long-running child: SIGTERM, then SIGKILL after the grace', async () => {
    const polite = startProcess('polite', 'sleep', ['30']);
    await polite.stop(1_000);
    assert.equal(await polite.exited, 'SIGTERM');
    // The child says when its trap is set (a file), so the SIGTERM surely lands after it.
    const trapSet = path.join(await mkdtemp(path.join(os.tmpdir(), 'paylock-trap-')), 'set');
    const stubborn = startProcess('stubborn', 'sh', [
      '-c',
      `trap "" TERM; touch '${trapSet}'; sleep 30 & wait`,
    ]);
    await waitUntil('the trap', () => Promise.resolve(existsSync(trapSet)), 5_000);
    await stubborn.stop(300);
    assert.equal(await stubborn.exited, 'SIGKILL');
  });

  void it('waitUntil says what did not become ready', async () => {
    await assert.rejects(
      waitUntil('the moon', () => Promise.reject(new Error('no')), 300, 50),
      /the moon did not become ready within 0.3 s/,
    );
    let calls = 0;
    await waitUntil('the third call', () => Promise.resolve(++calls === 3), 2_000, 10);
    assert.equal(calls, 3);
  });
});
