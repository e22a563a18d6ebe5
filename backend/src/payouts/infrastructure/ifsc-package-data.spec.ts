import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type IfscData, ifscPackageData, writeIfscData } from './ifsc-package-data.js';
import { OfflineIfscDirectory } from './offline-ifsc-directory.js';

describe('the IFSC data the build ships (generated from the `ifsc` package, never committed)', () => {
  it('writes the installed package’s list, which the directory reads as the production image does', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'paylock-ifsc-'));
    try {
      const target = path.join(folder, 'ifsc-data.json');
      writeIfscData(target);
      const written = JSON.parse(readFileSync(target, 'utf8')) as IfscData;
      expect(written.source).toBe(ifscPackageData().source);
      const directory = new OfflineIfscDirectory(written);
      expect(directory.lookup('HDFC0000001')?.bankName).toBe('HDFC Bank');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
