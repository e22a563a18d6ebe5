import type { Connection } from 'mongoose';
import { declaredModel } from '../../database/declared-model.js';
import type { Deal } from '../domain/deal.js';
import { type DealDocument, DealRecord, DealSchema, toDeal } from './deal-document.js';

/**
 * One deal by its id as stored, on a connection of its own (another feature's command-line
 * rebuild): a read only, so a claim left half-written is not finished here (the repository does).
 */
export function storedDealOn(connection: Connection): (id: string) => Promise<Deal | undefined> {
  const deals = declaredModel(connection, DealRecord.name, DealSchema);
  return async (id) => {
    const document = await deals.findById(id).lean<DealDocument>().exec();
    return document ? toDeal(document) : undefined;
  };
}
