import type { DataFile, DataTable } from '../../domain/data-table.js';

/** Packs an account's tables (and files as they are) into one downloadable ZIP of JSON and CSV. */
export abstract class DataArchive {
  abstract pack(
    tables: readonly DataTable[],
    readme: string,
    files?: readonly DataFile[],
  ): Promise<Uint8Array>;
}
