import mongoose from 'mongoose';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import {
  MongoPageViews,
  ViewDayRecord,
  ViewDaySchema,
  ViewSaltRecord,
  ViewSaltSchema,
  VisitorRecord,
  VisitorSchema,
} from './mongo-page-views.js';

describe('media kit page views (FerretDB)', () => {
  const database = databaseEmptiedBeforeEachTest();

  function views(): MongoPageViews {
    const connection = database();
    const model = <T>(name: string, schema: mongoose.Schema<T>) =>
      (connection.models[name] as mongoose.Model<T> | undefined) ??
      connection.model<T>(name, schema);
    return new MongoPageViews(
      model(ViewDayRecord.name, ViewDaySchema),
      model(VisitorRecord.name, VisitorSchema),
      model(ViewSaltRecord.name, ViewSaltSchema),
    );
  }

  it('counts every view of a day’s first moments, however many arrive at once', async () => {
    const store = views();
    const visitors = ['Phone', 'Phone', 'Laptop', 'Tablet', 'Laptop', 'Phone'];
    await Promise.all(
      visitors.map((userAgent) =>
        store.record('asha', { ip: '127.0.0.1', userAgent }, '2026-11-28'),
      ),
    );
    expect(await store.daily('asha', '2026-11-28', '2026-11-28')).toEqual([
      { day: '2026-11-28', views: 6, uniqueVisitors: 3 },
    ]);
  });
});
