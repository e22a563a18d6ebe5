import { strFromU8, unzipSync } from 'fflate';
import { FflateDataArchive } from './fflate-data-archive.js';

describe('FflateDataArchive', () => {
  it('writes each table as JSON and CSV, and defuses spreadsheet formulas in the CSV only', async () => {
    const zip = await new FflateDataArchive().pack(
      [{ name: 'deals', about: 'x', rows: [{ title: '=HYPERLINK("evil")', totalPaise: 100 }] }],
      'readme',
    );
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'deals.csv', 'deals.json']);
    expect(JSON.parse(strFromU8(files['deals.json'] ?? new Uint8Array()))).toEqual([
      { title: '=HYPERLINK("evil")', totalPaise: 100 },
    ]);
    const csv = strFromU8(files['deals.csv'] ?? new Uint8Array());
    expect(csv).toContain(`"'=HYPERLINK(""evil"")",100`);
  });

  it('writes an empty table as an empty CSV', async () => {
    const files = unzipSync(
      await new FflateDataArchive().pack([{ name: 'ledger', about: 'x', rows: [] }], ''),
    );
    expect(strFromU8(files['ledger.csv'] ?? new Uint8Array()).replace('\ufeff', '')).toBe('');
  });
});
