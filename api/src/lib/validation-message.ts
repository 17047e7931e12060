import type { FastifySchemaValidationError } from 'fastify';

type Issue = FastifySchemaValidationError & { params: Record<string, unknown> };

const PART: Record<string, string> = { body: 'body', querystring: 'query string', params: 'URL', headers: 'headers' };

function fieldOf(issue: Issue): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const missing = issue.params.missingProperty;
  if (typeof missing === 'string') path.push(missing);
  return path.map((segment, i) => (/^\d+$/.test(segment) ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

function describe(issue: Issue, path: string): string {
  const p = issue.params;
  const field = path || 'body';
  switch (issue.keyword) {
    case 'required':
      return `Missing required field "${field}".`;
    case 'additionalProperties':
      return path
        ? `Unknown field "${path}.${String(p.additionalProperty)}".`
        : `Unknown field "${String(p.additionalProperty)}".`;
    case 'type':
      return `Field "${field}" must be of type ${String(p.type)}.`;
    case 'minLength':
      return p.limit === 1 ? `Field "${field}" must not be empty.` : `Field "${field}" must be at least ${String(p.limit)} characters long.`;
    case 'maxLength':
      return `Field "${field}" must be at most ${String(p.limit)} characters long.`;
    case 'minimum':
      return `Field "${field}" must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `Field "${field}" must be at most ${String(p.limit)}.`;
    case 'maxItems':
      return `Field "${field}" must have at most ${String(p.limit)} items.`;
    case 'format':
      return p.format === 'email' ? `Field "${field}" must be a valid email address.` : `Field "${field}" has an invalid format.`;
    case 'pattern':
      return `Field "${field}" has an invalid format.`;
    case 'anyOf':
    case 'oneOf':
      return `Field "${field}" has an invalid type or value.`;
    default:
      return `Field "${field}" is invalid.`;
  }
}

/** Turns the first schema violation into a sentence naming the field, e.g. `Missing required field "title".` */
export function validationMessage(issues: FastifySchemaValidationError[], context?: string): string {
  const list = issues as Issue[];
  // With anyOf (e.g. content: string | string[]), the branch errors mislead; the anyOf error is the truth.
  const issue = list.find((i) => i.keyword === 'anyOf') ?? list[0];
  if (!issue) return 'Invalid input.';
  const field = fieldOf(issue);
  if (!field && issue.keyword === 'type') return `The request ${PART[context ?? 'body'] ?? 'body'} must be a JSON ${String(issue.params.type)}.`;
  return describe(issue, field);
}
