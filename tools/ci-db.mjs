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
if (action === 'create') await client.query(`CREATE DATABASE "${name}"`);
else {
  // the run's test databases (helpers/database.ts names them NAME_t_…): each test file drops
  // its own, so any found here is a test that did not — named, then dropped
  const { rows } = await client.query(
    `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
    [`${name}_t_`],
  );
  for (const { datname } of rows) {
    console.warn(`ci-db: test database ${datname} was left behind by a test; dropping it`);
    await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  // the migrated templates the test databases are copied from (NAME_m_<migrations>)
  const templates = await client.query(
    `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
    [`${name}_m_`],
  );
  for (const { datname } of templates.rows)
    await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
await client.end();
