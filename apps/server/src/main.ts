// Entry point of `npm start`: one process serving the API, the web app and (by role) the
// IoT broker, ingest and simulator. Stops gracefully on SIGTERM / SIGINT.
import { ConfigError, loadConfig } from './config/config';
import { resolveSecrets } from './config/secrets';
import { createServer } from './server';
import { DataDirBusyError } from './db/data-dir-lock';
import { DemoAccountsInProductionError } from './demo/production-guard';

async function main() {
  let config;
  try {
    config = await resolveSecrets(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let server;
  try {
    server = await createServer(config);
  } catch (error) {
    // refusals with a message meant for the operator: no stack trace
    if (error instanceof DemoAccountsInProductionError || error instanceof DataDirBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app } = server;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { url: `http://localhost:${port}/`, docs: `http://localhost:${port}/api/docs` },
    `VFM ${config.production ? '' : '(demo) '}listening on http://localhost:${port}/`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took more than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
