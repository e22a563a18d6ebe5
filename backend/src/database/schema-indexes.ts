import type { Collection, Connection, mongo } from 'mongoose';
import { createCollectionsAndIndexes } from './collections-and-indexes.js';
import { IndexesBeforeFirstWrite } from './indexes-before-first-write.js';

/** The indexes a Mongoose model's schema declares, as index descriptions for the driver. */
export function schemaIndexes(model: {
  readonly schema: { indexes(): [object, object][] };
}): mongo.IndexDescription[] {
  return model.schema.indexes().map(([key, options]) => ({
    ...(options as Omit<mongo.IndexDescription, 'key'>),
    key: key as mongo.IndexDescription['key'],
  }));
}

/** What of a Mongoose model the kit needs to build its collection and indexes. */
export interface DeclaredModel {
  readonly db: Connection;
  readonly collection: Pick<Collection, 'collectionName' | 'createIndexes'>;
  readonly schema: { indexes(): [object, object][] };
}

/**
 * The model's collection and its schema's indexes, built once before the first write (ADR 0013),
 * one index per command (the store's limit: see collections-and-indexes.ts).
 */
export function schemaIndexesBeforeFirstWrite(model: DeclaredModel): IndexesBeforeFirstWrite {
  return new IndexesBeforeFirstWrite(() =>
    createCollectionsAndIndexes(
      model.db,
      [model.collection.collectionName],
      model.collection,
      schemaIndexes(model),
    ),
  );
}
