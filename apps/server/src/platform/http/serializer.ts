import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** One serializer per response schema and process: apps built again in one process (tests) reuse it. */
const compiled = { checked: new WeakMap<z.ZodType, Serialize>(), plain: new WeakMap<z.ZodType, Serialize>() };

/**
 * Answers leave through their route's response schema, an allow-list: fields it does not name are dropped and
 * missing required ones fail the request. The zod schema is compiled once to JSON Schema for fast-json-stringify
 * (validating every answer with zod cost a tenth of a feed request's CPU); with `checkAnswers` (the tests) each
 * answer is also validated by zod, so a presenter that drifts from its schema fails loudly.
 *
 * The validators that pick a union's branch are compiled here, with the serializer, not at the first answer that
 * reaches the branch (fast-json-stringify's default): a compilation that fails then fails the start, not a valid
 * request with a 500 later; the cache keeps the cost to once per schema and process.
 */
export function createSerializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<unknown> {
  const cache = checkAnswers ? compiled.checked : compiled.plain;
  return (route) => {
    const { schema } = route;
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const known = cache.get(schema);
    if (known) return known;
    const json = JSON.parse(
      JSON.stringify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })),
    );
    const stringify: Serialize = compile(json);
    let serialize = stringify;
    if (checkAnswers) {
      const check = zodSerializerCompiler(route as never) as Serialize;
      serialize = (data) => {
        check(data);
        return stringify(data);
      };
    }
    cache.set(schema, serialize);
    return serialize;
  };
}

function compile(json: object): Serialize {
  try {
    return fastJson(json, { compileValidators: true });
  } catch (err) {
    // What the process looked like when it failed: a library that had added an enumerable property to Array.prototype
    // made ajv fail here once (drizzle-kit's `random`, see scripts/schema-diff.ts).
    const native = (f: unknown) => String(f).includes('[native code]');
    const state = {
      arrayMapNative: native(Array.prototype.map),
      jsonStringifyNative: native(JSON.stringify),
      arrayProtoEnumerable: Object.keys(Array.prototype),
      objectProtoEnumerable: Object.keys(Object.prototype),
      arraySpecies: (Array as unknown as Record<symbol, unknown>)[Symbol.species] === Array,
    };
    throw new Error(`${(err as Error).message} (process state: ${JSON.stringify(state)})`, { cause: err });
  }
}
