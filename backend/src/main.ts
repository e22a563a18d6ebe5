import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap/create-app.js';
import { type AppConfig, ConfigError, parseConfig } from './config/app-config.js';

function loadConfigOrExit(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
    process.exit(1);
  }
}

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  new Logger('Bootstrap').log(`Paylock API listening on ${url}/api/v1 (docs: ${url}/api/docs)`);
}

await bootstrap();
