import {
  type DynamicModule,
  type FactoryProvider,
  Global,
  Inject,
  type InjectionToken,
  Module,
} from '@nestjs/common';
import type { AppConfig } from './app-config.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * A provider built from the application's settings:
 * `fromConfig(DealSettings, ({ deals, auth }) => new DealSettings(deals.linkTtlDays, auth.publicUrl))`.
 */
export function fromConfig<T>(
  provide: InjectionToken,
  build: (config: AppConfig) => T,
): FactoryProvider<T> {
  return { provide, inject: [APP_CONFIG], useFactory: build };
}

/** Parameter decorator: `constructor(@InjectAppConfig() private readonly config: AppConfig)`. */
export const InjectAppConfig = (): ParameterDecorator => Inject(APP_CONFIG);

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
