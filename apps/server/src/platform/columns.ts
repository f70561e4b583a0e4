import { customType } from 'drizzle-orm/pg-core';

/** Binary column (photos, files): Buffer in, Buffer out on both PGlite (Uint8Array) and node-postgres. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
