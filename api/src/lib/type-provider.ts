import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';

/**
 * Route types inferred from TypeBox schemas. Local (5 lines) instead of @fastify/type-provider-typebox 6,
 * which targets the ESM-only `typebox` 1.x that jest's CommonJS runtime cannot load.
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

export type RoutePlugin<Options extends object = Record<never, never>> = FastifyPluginAsync<Options, RawServerDefault, TypeBoxProvider>;
