import { Injectable } from '@nestjs/common';
import {
  type DirectoryEntry,
  type DirectoryPage,
  WaitlistDirectory,
} from '../../waitlist/waitlist.contract.js';
import { WaitlistEntryNotFoundError } from '../domain/admin.errors.js';
import type { WaitlistQuery } from './admin-queries.js';

@Injectable()
export class ListWaitlistEntries {
  constructor(private readonly directory: WaitlistDirectory) {}

  execute({ filter, sort, page, pageSize }: WaitlistQuery): Promise<DirectoryPage> {
    return this.directory.page({ filter, sort, page, pageSize });
  }
}

@Injectable()
export class GetWaitlistEntry {
  constructor(private readonly directory: WaitlistDirectory) {}

  /** Throws WaitlistEntryNotFoundError for an unknown (or malformed) id. */
  async execute(id: string): Promise<DirectoryEntry> {
    const entry = await this.directory.findById(id);
    if (!entry) throw new WaitlistEntryNotFoundError();
    return entry;
  }
}
