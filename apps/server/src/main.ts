/**
 * Entry point: validate the configuration, build the app, listen (on several descriptors of the
 * socket, decisions 037 and 045), shut down gracefully.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config/index.js';
import { acceptHandlesOf, acceptMechanism } from './listen/accept-handles.js';
import { installShutdown } from './shutdown.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

const config = readConfig();
const app = await buildApp(config).catch((error: unknown) =>
  fail(`Cannot start the server: ${error instanceof Error ? error.message : String(error)}`),
);
installShutdown(app);
const accepting = acceptHandlesOf(app);

try {
  await accepting.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `Server listening on ${address}`,
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  app.log.fatal({ err: error }, 'cannot listen');
  fail(
    code === 'EADDRINUSE'
      ? `Cannot listen on ${config.host}:${config.port}: the port is in use (set PORT to another one).`
      : `Cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`,
  );
}

try {
  const { descriptors } = await accepting.add(config.acceptDescriptors - 1);
  app.log.info({ descriptors, mechanism: acceptMechanism }, 'accepting connections');
} catch (error) {
  app.log.warn(
    { err: error },
    'cannot add descriptors to the listening socket: accepting on its own descriptor only',
  );
}
