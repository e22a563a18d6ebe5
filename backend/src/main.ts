import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap/create-app.js';
import { ConfigError, parseConfig } from './app-settings.js';
import type { AppConfig } from './config/app-config.js';

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
  const logger = new Logger('Bootstrap');
  logger.log(`Paylock API listening on ${url}/api/v1 (docs: ${url}/api/docs)`);
  if (config.invites.signupMode === 'invite' && config.admin.emails.length === 0) {
    logger.warn(
      'SIGNUP_MODE is invite and ADMIN_EMAILS is empty: nobody can sign up (only an admin can send the first invite)',
    );
  }
}

await bootstrap();
