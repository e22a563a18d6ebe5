import { ApiExtension } from '@nestjs/swagger';

/** The operation extension read (and removed) by createOpenApiDocument. */
export const PUBLIC_OPERATION_EXTENSION = 'x-paylock-public';

/**
 * Documents an operation anyone may call without credentials: `security: []` in the document
 * (Nest's Swagger module drops an empty security list, so the document builder writes it from
 * this mark). Every operation must declare its security: credentials (`@ApiBearerAuth()`,
 * `@ApiCookieAuth(…)`) or this; the export fails otherwise.
 */
export const PublicOperation = (): MethodDecorator & ClassDecorator =>
  ApiExtension(PUBLIC_OPERATION_EXTENSION, true);
