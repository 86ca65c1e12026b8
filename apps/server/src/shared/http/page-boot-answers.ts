import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicAnswer } from './h5-page';

/**
 * The answers a page inlines come from the routes that serve them, asked in-process
 * (`app.inject`): one handler, one answer, byte for byte what the h5 would have fetched. Such a
 * request carries this node's own random mark, so it is told apart from a client's: the page it
 * belongs to was already counted against the page budget, and the development log shows the page,
 * not its parts. A client cannot forge the mark (it never leaves the process).
 */
const PAGE_BOOT_HEADER = 'x-kezhan-page-boot';
const PAGE_BOOT_MARK = randomUUID();

export const isPageBootRequest = (request: FastifyRequest): boolean =>
  request.headers[PAGE_BOOT_HEADER] === PAGE_BOOT_MARK;

/** A public GET answer as a visitor gets it, when the route answers it successfully. */
export function publicAnswerOf(app: FastifyInstance): PublicAnswer {
  return async (address) => {
    const reply = await app.inject({
      method: 'GET',
      url: address,
      headers: { [PAGE_BOOT_HEADER]: PAGE_BOOT_MARK },
    });
    if (reply.statusCode !== 200) return undefined;
    const answer = reply.json<{ code?: unknown }>();
    return answer?.code === 0 ? answer : undefined;
  };
}
