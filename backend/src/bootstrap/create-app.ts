import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module.js';
import type { AppConfig } from '../config/app-config.js';
import { configureApp } from './configure-app.js';
import { enableGracefulShutdown } from './graceful-shutdown.js';
import { TimedExpressAdapter } from './http-timeouts.js';

/**
 * Creates and configures the application as a process runs it: with the API of configureApp()
 * and the graceful shutdown on SIGTERM/SIGINT. Nothing connects or listens before
 * `init()`/`listen()`.
 */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config),
    new TimedExpressAdapter(config.httpTimeouts),
    // configureApp registers the one body parser the API takes (JSON); no default urlencoded one.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- Nest types its options as a class; a literal is its documented use
    { bufferLogs: true, abortOnError: false, bodyParser: false },
  );
  configureApp(app, config);
  enableGracefulShutdown(app);
  return app;
}
