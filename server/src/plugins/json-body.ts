/**
 * The JSON body parser with a bound on nesting. A deeply nested body (e.g.
 * 8 MiB of `[[[[…`) made JSON.parse, the prototype-poisoning scan and validation build and walk
 * millions of nested values, stalling every other request for seconds. Before any parsing, one
 * linear pass over the text counts the nesting outside strings and refuses a body deeper than
 * MAX_JSON_DEPTH with 400 `request.too_deep`; anything else goes to Fastify's own parser
 * (prototype poisoning refused, empty bodies answered as before).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors.js';

/** Deepest JSON nesting accepted; the deepest real payload (an emergency send) nests 6 levels. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'request.too_deep';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Whether JSON text nests deeper than `max`, counting brackets outside strings; linear time. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // parseAs string: the route's bodyLimit still applies while the body streams in.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new ApiError(400, { message: TOO_DEEP_MESSAGE }), undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });
}
