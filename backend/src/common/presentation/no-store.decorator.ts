import { Header } from '@nestjs/common';

/** The answer must not be kept by browsers or proxies: `Cache-Control: no-store`. */
export const NoStore = (): MethodDecorator => Header('Cache-Control', 'no-store');
