import type { mongo } from 'mongoose';

/** The indexes a Mongoose model's schema declares, as index descriptions for the driver. */
export function schemaIndexes(model: {
  readonly schema: { indexes(): [object, object][] };
}): mongo.IndexDescription[] {
  return model.schema.indexes().map(([key, options]) => ({
    ...(options as Omit<mongo.IndexDescription, 'key'>),
    key: key as mongo.IndexDescription['key'],
  }));
}
