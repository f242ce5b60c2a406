// The database's table types. Each module adds its own tables by declaration merging:
//   declare module '../../../server/db/schema' { interface Database { my_table: MyTable } }
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface IdempotencyKeyTable {
  user_id: string;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_headers: ColumnType<Record<string, string> | null, string | null, string | null>;
  response_body: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface Database {
  idempotency_keys: IdempotencyKeyTable;
}
