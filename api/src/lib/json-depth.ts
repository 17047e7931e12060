import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './http-errors';

/**
 * No body the site sends nests deeper than a few levels (a PayPal event about eight). The limit leaves room for
 * that and keeps every walk over a parsed body (control characters, validation, sanitizing) far from any stack limit.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`;

/**
 * Whether JSON text opens more than `max` objects or arrays inside one another. One pass over the characters,
 * no recursion, before the text is parsed: strings are skipped, so brackets inside them do not count.
 */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

type Done = (error: Error | null, body?: unknown) => void;

/** Fastify's own JSON parser (prototype poisoning refused) behind the depth check: too deep is a 400, never a 500. */
export function depthLimitedJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, text: string, done: Done) => {
    if (exceedsJsonDepth(text)) {
      done(badRequest(TOO_DEEP_MESSAGE));
      return;
    }
    parse(request, text, done);
  };
}
