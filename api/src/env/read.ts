import type { TSchema } from '@sinclair/typebox';
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import addKeywords from 'ajv-keywords';
import { envSchema } from 'env-schema';
import { EnvSchema, variableSchema, type Env } from './schema';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type RawEnv = Record<string, string | undefined>;

/** An older or platform name, read only when the newer name is unset (so a stale value there is not reported). */
const FALLBACK_NAMES: Record<string, string> = { PORT: 'API_PORT', AUTH_RATE_LIMIT_MAX: 'REGISTER_RATE_LIMIT_MAX' };

/** What is read: set values only ('' counts as unset), each fallback name only without its newer name. */
function readable(env: RawEnv): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value === '') continue;
    const newer = FALLBACK_NAMES[name];
    if (newer && env[newer]) continue;
    values[name] = value;
  }
  return values;
}

/** The sentence for a refused value, in the words the API has always used. */
function describe(error: ErrorObject, raw: RawEnv): string {
  if (error.keyword === 'dependencies') return 'Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither (development defaults apply).';
  const name = error.instancePath.slice(1);
  const got = `(got "${raw[name]}")`;
  const schema = variableSchema(name) as (TSchema & { minimum?: number; maximum?: number; pattern?: string }) | undefined;
  if (schema?.type === 'integer') return `${name} must be an integer between ${schema.minimum} and ${schema.maximum} ${got}.`;
  if (schema?.pattern) return `${name} must be an absolute http(s) URL ${got}.`;
  if (schema?.anyOf) return `${name} must be ${schema.anyOf.map((option: TSchema) => `"${option.const}"`).join(' or ')} ${got}.`;
  if (schema?.enum) return `${name} must be true or false ${got}.`;
  return `${name} ${error.message ?? 'is not valid'} ${got}.`;
}

// env-schema makes the schema it is given closed (additionalProperties: false): a copy keeps EnvSchema as written.
const closedSchema = structuredClone(EnvSchema);
/**
 * env-schema's own Ajv settings (numbers coerced, defaults filled in, unknown names removed, its list separator),
 * plus ajv-keywords' transform and ajv-formats' uri; made once, so the schema is compiled once.
 */
const ajv = addFormats(addKeywords(new Ajv({
  allErrors: true, removeAdditional: true, useDefaults: true, coerceTypes: true, allowUnionTypes: true, addUsedSchema: false,
  keywords: [envSchema.keywords.separator],
}), ['transform']), ['uri']);

/**
 * The environment checked against EnvSchema by env-schema: numbers coerced and bounded, defaults filled in,
 * unknown variables left out. Every refused variable is named, one line each.
 */
export function readEnv(raw: RawEnv): Env {
  try {
    return envSchema<Env>({ schema: closedSchema, data: readable(raw), env: false, ajv });
  } catch (error) {
    const errors = (error as { errors?: ErrorObject[] }).errors;
    if (!errors) throw error;
    // A union's refusal is reported by each of its branches and by the union: one sentence per variable.
    const lines = [...new Set(errors.map((e) => describe(e, raw)))];
    throw new ConfigError(lines.join('\n'));
  }
}
