import type { DataTable } from '../../domain/data-table.js';

/** Packs an account's tables into one downloadable file (a ZIP of JSON and CSV). */
export abstract class DataArchive {
  abstract pack(tables: readonly DataTable[], readme: string): Promise<Uint8Array>;
}
