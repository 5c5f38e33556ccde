import type { FastifyRequest } from 'fastify';
import { conflict } from './errors';

/**
 * The version an edit was based on: the record's `updatedAt` as the form loaded it, sent by the
 * console as `If-Match`. Absent, or `*` (any version), means "overwrite whatever is there".
 */
export function ifMatchOf(request: FastifyRequest): string | undefined {
  const version = request.headers['if-match']?.trim();
  return version === '*' ? undefined : version?.replace(/^"|"$/g, '');
}

/** 409 when the record changed since the version the edit was based on. */
export function assertVersion(updatedAt: Date, ifMatch: string | undefined, what: string): void {
  if (ifMatch !== undefined && ifMatch !== updatedAt.toISOString()) {
    throw conflict(
      `This ${what} was changed by someone else. Reload to see the latest values.`,
      'stale',
    );
  }
}
