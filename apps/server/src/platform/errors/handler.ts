import type { ErrorBody } from '@hallway/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageCode, messageText } from '../catalogues.js';
import { databaseUnavailable, diskFull } from '../db/errors.js';
import { AppError } from './app-error.js';

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** The 503 of a database that is unavailable or saturated, or of a process shutting down, in the API's format. */
export function sendUnavailable(reply: FastifyReply, options: { close?: boolean } = {}) {
  reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  // A process on its way out tells the client to open its next request elsewhere.
  if (options.close) reply.header('Connection', 'close');
  return reply.status(503).send({ message: messageText('service_unavailable'), code: 'service_unavailable' });
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
}

function fieldCode(issue: ValidationIssue): string {
  const message = issue.message ?? '';
  // Catalogue codes zod schemas use as messages; anything else is reported by the kind of issue.
  if (isMessageCode(message)) return message;
  switch (issue.keyword) {
    case 'too_big':
      return 'too_long';
    case 'too_small':
    case 'invalid_type':
      return 'required';
    default:
      return 'validation';
  }
}

export function toFields(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= fieldCode(issue);
  }
  return fields;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Refused before the body was read to its end (an upload over the quota, a full disk): the rest of the
    // body would be read as the next request on a kept-alive connection, which then hangs. Close it instead.
    if (!request.raw.complete) reply.header('Connection', 'close');
    if (error instanceof AppError) {
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorBody = {
        message: messageText('validation'),
        code: 'validation',
        fields: toFields(error.validation as unknown as ValidationIssue[]),
      };
      return reply.status(400).send(body);
    }
    if (diskFull(error)) {
      request.log.warn({ err: error }, 'disk full, answered 507');
      return reply.status(507).send({ message: messageText('disk_full'), code: 'disk_full' });
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable, answered 503');
      return sendUnavailable(reply);
    }
    const status = error.statusCode ?? 500;
    if (status === 503) return sendUnavailable(reply);
    if (status === 429) {
      return reply.status(429).send({ message: messageText('too_many_requests'), code: 'too_many_requests' });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ message: messageText('file_too_big'), code: 'file_too_big' });
    }
    if (status >= 400 && status < 500) {
      const code = status === 404 ? 'not_found' : status === 401 ? 'unauthorized' : 'validation';
      return reply.status(status).send({ message: messageText(code), code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: messageText('server_error'), code: 'server_error' });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ message: messageText('not_found'), code: 'not_found' });
  });
}
