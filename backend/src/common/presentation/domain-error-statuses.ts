import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { DescribedDomainError, DomainError } from '../domain/domain.error.js';
import { documented, errorResponses } from './openapi-errors.js';

/** A DomainError class; described ones (static CODE and MESSAGE) can also be documented. */
export type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/**
 * One module's answer to "which HTTP status does this domain error mean": the single table read
 * by {@link DomainErrorFilter} at run time and by {@link Throws} for the OpenAPI document, so the
 * two can never disagree. The first matching row wins (list subclasses before their bases).
 */
export type ErrorStatusTable = ReadonlyArray<readonly [DomainErrorClass, HttpStatus]>;

export function errorStatuses(rows: ErrorStatusTable): ErrorStatusTable {
  return rows;
}

export function statusOf(table: ErrorStatusTable, error: DomainError): HttpStatus | undefined {
  return table.find(([type]) => error instanceof type)?.[1];
}

function isDescribed(type: DomainErrorClass): type is DomainErrorClass & DescribedDomainError {
  const candidate = type as Partial<DescribedDomainError>;
  return typeof candidate.CODE === 'string' && typeof candidate.MESSAGE === 'string';
}

/**
 * Documents the domain errors an operation may answer, with the status the table gives each.
 * An error missing from the table, or without a fixed code and message, throws while the
 * controller class is being defined: the app, its tests and the OpenAPI export all fail.
 */
export function Throws(
  table: ErrorStatusTable,
  ...errors: ReadonlyArray<DomainErrorClass>
): MethodDecorator & ClassDecorator {
  const byStatus = new Map<HttpStatus, DescribedDomainError[]>();
  for (const error of errors) {
    const row = table.find(([type]) => type === error);
    if (!row) throw new Error(`${error.name} has no HTTP status in its module's error table`);
    if (!isDescribed(error)) {
      throw new Error(`${error.name} has no fixed CODE and MESSAGE to document (describedError)`);
    }
    byStatus.set(row[1], [...(byStatus.get(row[1]) ?? []), error]);
  }
  return applyDecorators(
    ...[...byStatus].map(([status, described]) =>
      ApiResponse({ status, ...errorResponses(status, described.map(documented)) }),
    ),
  );
}
