import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers leave through their route's response schema, an allow-list: fields it does not name are dropped and
 * missing required ones fail the request. The zod schema is compiled once to JSON Schema for fast-json-stringify
 * (validating every answer with zod cost a tenth of a feed request's CPU); with `checkAnswers` (the tests) each
 * answer is also validated by zod, so a presenter that drifts from its schema fails loudly.
 */
export function createSerializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema } = route;
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const stringify = fastJson(
      z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as never,
    );
    if (!checkAnswers) return (data) => stringify(data);
    const check = zodSerializerCompiler(route as never);
    return (data) => {
      check(data);
      return stringify(data);
    };
  };
}
