import type { FastifySchemaValidationError } from 'fastify';

type Issue = FastifySchemaValidationError & { params: Record<string, unknown> };

const PART: Record<string, string> = { body: 'body', querystring: 'query string', params: 'URL', headers: 'headers' };

function fieldOf(issue: Issue): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const missing = issue.params.missingProperty;
  if (typeof missing === 'string') path.push(missing);
  return path.map((segment, i) => (/^\d+$/.test(segment) ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

/** Names people read for fields whose JSON name is not a word. */
const LABELS: Record<string, string> = {
  imgUrl: 'Image URL', introVideoUrl: 'Intro video URL', preRequisite: 'Prerequisite', orderID: 'Order ID',
  programID: 'Program ID', payerID: 'Payer ID', courseId: 'Course ID', q: 'Search text',
};

/**
 * The field as a sentence names it: `password` -> `Password`, `totalHours` -> `Total hours`,
 * `CourseDuration.calendarLength` -> `Calendar length`, `content[1]` -> `Item 2 of content` (issue 28).
 */
export function fieldLabel(path: string): string {
  const item = /^(.*)\[(\d+)\]$/.exec(path);
  if (item) return `Item ${Number(item[2]) + 1} of ${fieldLabel(item[1]!).toLowerCase()}`;
  const leaf = path.split('.').pop() || 'body';
  const words = LABELS[leaf] ?? leaf.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number', integer: 'a whole number', string: 'text', boolean: 'true or false', array: 'a list', object: 'an object', null: 'empty',
};

function describe(issue: Issue, path: string): string {
  const p = issue.params;
  const field = fieldLabel(path || 'body');
  switch (issue.keyword) {
    case 'required':
      return `${field} is required.`;
    case 'additionalProperties':
      // Only a hand-made request gets here; the exact name tells its author what to remove.
      return path
        ? `Unknown field "${path}.${String(p.additionalProperty)}".`
        : `Unknown field "${String(p.additionalProperty)}".`;
    case 'type':
      return `${field} must be ${TYPE_WORDS[String(p.type)] ?? String(p.type)}.`;
    case 'minLength':
      return p.limit === 1 ? `${field} must not be empty.` : `${field} must be at least ${String(p.limit)} characters long.`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters long.`;
    case 'minimum':
      return `${field} must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `${field} must be at most ${String(p.limit)}.`;
    case 'maxItems':
      return `${field} must have at most ${String(p.limit)} items.`;
    case 'format':
      return p.format === 'email' ? `${field} must be a valid email address.` : `${field} is not in a valid format.`;
    case 'pattern':
      return `${field} is not in a valid format.`;
    case 'const':
      return `${field} must be "${String(p.allowedValue)}".`;
    case 'anyOf':
    case 'oneOf':
      return `${field} has an invalid type or value.`;
    default:
      return `${field} is invalid.`;
  }
}

/** Turns the first schema violation into a sentence naming the field, e.g. `Title is required.` */
export function validationMessage(issues: FastifySchemaValidationError[], context?: string): string {
  const list = issues as Issue[];
  // With anyOf (e.g. content: string | string[]), the branch errors mislead; the anyOf error is the truth.
  const issue = list.find((i) => i.keyword === 'anyOf') ?? list[0];
  if (!issue) return 'Invalid input.';
  const field = fieldOf(issue);
  if (!field && issue.keyword === 'type') return `The request ${PART[context ?? 'body'] ?? 'body'} must be a JSON ${String(issue.params.type)}.`;
  return describe(issue, field);
}
