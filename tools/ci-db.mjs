// Creates or drops the PostgreSQL database of a CI run: node tools/ci-db.mjs create|drop NAME
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node tools/ci-db.mjs create|drop name');
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
});
await client.connect();
await client.query(
  action === 'create'
    ? `CREATE DATABASE "${name}"`
    : `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
);
await client.end();
