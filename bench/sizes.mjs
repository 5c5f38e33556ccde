// What the scale data takes on disk, table by table (heap, indexes, TOAST) with its row count:
// the figures docs/scaling.md plans from. Reads .bench-data-SCALE (made by bench:seed), or
// DATABASE_URL when set. Usage: node bench/sizes.mjs [SCALE]   Writes bench/results/sizes-SCALE.json.
import { tsImport } from 'tsx/esm/api';
import { machine, printTable, writeResult } from './report.mjs';

const scale = process.argv[2] ?? '1';
const { openDatabase } = await tsImport('../server/db/open.ts', import.meta.url);
const { sql } = await import('kysely');

const database = await openDatabase(
  { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: `.bench-data-${scale}` },
  () => {},
);
try {
  const { rows } = await sql`
    SELECT c.relname AS table,
           c.reltuples::bigint AS rows,
           pg_table_size(c.oid) AS heap_bytes,
           pg_indexes_size(c.oid) AS index_bytes,
           pg_total_relation_size(c.oid) AS total_bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()
    ORDER BY pg_total_relation_size(c.oid) DESC`.execute(database.db);
  const { rows: whole } = await sql`
    SELECT pg_database_size(current_database()) AS bytes`.execute(database.db);
  const tables = rows.map((row) => ({
    table: row.table,
    rows: Number(row.rows),
    heapBytes: Number(row.heap_bytes),
    indexBytes: Number(row.index_bytes),
    totalBytes: Number(row.total_bytes),
  }));
  const mib = (bytes) => (bytes / 2 ** 20).toFixed(0);
  printTable(
    ['table', 'rows', 'heap MiB', 'indexes MiB', 'total MiB'],
    tables
      .filter((t) => t.totalBytes > 2 ** 20)
      .map((t) => [t.table, t.rows, mib(t.heapBytes), mib(t.indexBytes), mib(t.totalBytes)]),
  );
  const databaseBytes = Number(whole[0].bytes);
  console.log(`whole database: ${mib(databaseBytes)} MiB`);
  console.log(
    `Wrote ${writeResult(`sizes-${scale}`, { ...machine(), scale: Number(scale), databaseBytes, tables })}`,
  );
} finally {
  await database.close();
}
