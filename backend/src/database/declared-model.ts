import type { Connection, Model, mongo, Schema } from 'mongoose';

/**
 * The model `name` declares on `connection`, compiled from `schema` once and then reused: for an
 * adapter built on a connection of its own (a command-line tool, a second instance in a test)
 * rather than by Nest's `MongooseModule.forFeature`.
 */
export function declaredModel<T>(
  connection: Connection,
  name: string,
  schema: Schema<T>,
): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}

/**
 * The driver's database behind `connection`, once connected: for the database kit's generic
 * stores (read models, keyed pages), whose collections are named at run time and so have no
 * schema. Feature modules hand the connection over and never read `connection.db` themselves.
 */
export function databaseOf(connection: Connection): () => mongo.Db {
  return () => {
    if (!connection.db) throw new Error('The database is not connected yet');
    return connection.db;
  };
}

/** Whether `connection` has opened (its database known), even if the server is away right now. */
export function isOpened(connection: Connection): boolean {
  return connection.db !== undefined;
}
