// npm run mosquitto-config -- --out DIR [--server-user NAME] [--server-password PASS] [--port N]
// Writes DIR/passwords, DIR/acl and DIR/mosquitto.conf for the modules provisioned in the
// database (DATABASE_URL, or the PGlite files of DATA_DIR while the server is stopped).
// The server password defaults to the one in MQTT_URL. Then: mosquitto -c DIR/mosquitto.conf,
// or `kill -HUP <mosquitto pid>` to reload after an import or removal. See docs/operations.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { migrate } from '../migrate';
// the queues migrate() creates are the modules' (ADR 0123)
import '../modules';
import { writeMosquittoFiles } from '../ingest/mosquitto-config';

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'server-user': { type: 'string' },
      'server-password': { type: 'string' },
      port: { type: 'string', default: '1883' },
      bind: { type: 'string', default: '' },
      persistence: { type: 'string' },
    },
  });
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const fromUrl = config.mqttUrl ? new URL(config.mqttUrl) : null;
  const serverUser = values['server-user'] ?? decodeURIComponent(fromUrl?.username || 'vfm-server');
  const serverPassword = values['server-password'] ?? decodeURIComponent(fromUrl?.password ?? '');
  if (!values.out || !serverPassword) {
    console.error(
      'usage: npm run mosquitto-config -- --out DIR [--server-user NAME] --server-password PASS [--port 1883]\n' +
        '(the server user and password default to those of MQTT_URL)',
    );
    process.exit(2);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error('--port must be a TCP port');
    process.exit(2);
  }
  const release = config.databaseUrl ? null : await acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrate(database);
    const dir = path.resolve(values.out);
    const result = await writeMosquittoFiles(database, dir, {
      serverUser,
      serverPassword,
      port,
      bind: values.bind,
      persistenceDir: values.persistence ?? path.join(dir, 'data'),
    });
    console.log(`${result.modules} module(s) and the server user "${serverUser}" written to:`);
    for (const file of result.files) console.log(`  ${file}`);
    console.log(
      `start: mosquitto -c ${path.join(dir, 'mosquitto.conf')}   reload: kill -HUP <pid>`,
    );
  } finally {
    await database.close();
    await release?.();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
