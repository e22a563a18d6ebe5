import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zip, type Zippable } from 'fflate';
import { neutraliseCell } from '../../common/domain/csv-cells.js';
import { DataArchive } from '../application/ports/data-archive.js';
import type { DataFile, DataTable } from '../domain/data-table.js';

/** Text cells are neutralised as every CSV of Paylock's (a spreadsheet must not run them). */
function safeCell(value: unknown): unknown {
  return typeof value === 'string' ? neutraliseCell(value) : value;
}

function csvOf(table: DataTable): string {
  const columns = Object.keys(table.rows[0] ?? {});
  const rows = table.rows.map((row) => columns.map((column) => safeCell(row[column])));
  return stringify(rows, { header: columns.length > 0, columns, bom: true });
}

/**
 * The tables as `<name>.json` and `<name>.csv`, the files at their paths (PDFs, stored without
 * recompression) and README.txt in one ZIP (fflate).
 */
@Injectable()
export class FflateDataArchive extends DataArchive {
  pack(
    tables: readonly DataTable[],
    readme: string,
    extra: readonly DataFile[] = [],
  ): Promise<Uint8Array> {
    const files: Zippable = { 'README.txt': strToU8(readme) };
    for (const table of tables) {
      files[`${table.name}.json`] = strToU8(JSON.stringify(table.rows, null, 2));
      files[`${table.name}.csv`] = strToU8(csvOf(table));
    }
    for (const file of extra) files[file.path] = [file.bytes, { level: 0 }];
    return new Promise((resolve, reject) => {
      zip(files, { level: 6 }, (error, data) => {
        if (error) reject(error);
        else resolve(data);
      });
    });
  }
}
