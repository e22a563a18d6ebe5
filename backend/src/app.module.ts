import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { LoggingModule } from './logging/logging.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';

@Module({})
export class AppModule {
  /** Takes the already validated configuration, so tests pass their own without process.env. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        DatabaseModule,
        HealthModule,
        RateLimitModule,
      ],
    };
  }
}
