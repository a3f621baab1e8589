// The API document at /api/docs/json (OpenAPI 3.0), generated from the routes' zod schemas.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * A route's `operationId` when it declares none: its method and path in camel case, a path parameter read as
 * `By<Name>` — `GET /api/links_block/:block_id/link` is `getLinksBlockByBlockIdLink`. Stable while the route is.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[_-]/)] : segment.split(/[_-]/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/**
 * Schemas that name themselves (`.meta({ id })`: the recursive ones, which JSON Schema can only express through a
 * reference) become `components.schemas`; every other schema is written out where it is used.
 */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: { title: 'Hallway API', version: '0.1.0', description: 'The HTTP API of the Hallway intranet.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
  },
  transform(document) {
    const transformed = jsonSchemaTransform(document);
    const { schema } = transformed;
    if (!schema || schema.hide) return transformed;
    const method = [document.route.method].flat()[0];
    return {
      ...transformed,
      schema: { ...schema, operationId: schema.operationId ?? operationIdOf(method, document.url) },
    };
  },
  transformObject: jsonSchemaTransformObject,
};
