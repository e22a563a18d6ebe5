import type { Connection, Model, Schema } from 'mongoose';

/** The model of `name` on `connection`: compiled from `schema` once, then reused. */
export function modelOn<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}
