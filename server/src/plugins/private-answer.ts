/**
 * The answer of a public address whose token is the only key (a shared report, a member's iCal
 * feed): kept by no cache, indexed by no robot, and the links it holds send no Referer with
 * the token. A route-level onSend hook: it runs after the server's own (security-headers.ts
 * sets a same-origin Referrer-Policy).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function privateAnswer(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'private, no-store');
  reply.header('x-robots-tag', 'noindex, nofollow');
  reply.header('referrer-policy', 'no-referrer');
}
