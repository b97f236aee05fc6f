/**
 * Small schemas several areas share: a path or body id written in the canonical UUID form
 * (the spec's `_id`s), the empty query string of routes that read none, a typed name.
 */
import Type from 'typebox';
import { UUID_PATTERN } from '../uuid';

/** 8-4-4-4-12 hexadecimal digits, either case (../uuid.ts). */
export { UUID_PATTERN };
export const UuidString = Type.String({ pattern: UUID_PATTERN, maxLength: 36 });

/** The query string of a route that reads none: `?x=1` is a 400. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
/** The params of a route without path parameters. */
export const NoParams = Type.Object({}, { additionalProperties: false });
/** A name a person types: at least one non-blank character. */
export const Name = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
