import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from './ids.js';

/** Columns every table shares. */
export const idColumn = () => uuid().primaryKey().$defaultFn(newId);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
