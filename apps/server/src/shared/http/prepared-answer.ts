import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers at least this large go out compressed when the client accepts it (app.ts, @fastify/compress). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** The negotiated encoding of the few Accept-Encoding spellings browsers send, remembered. */
const KNOWN_HEADERS_KEPT = 64;
const negotiated = new Map<string, Encoding | null>();
const negotiator = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  // Bounded: the header is the client's to write, so only the first spellings are remembered.
  cache: {
    has: (header) => negotiated.has(header),
    get: (header) => negotiated.get(header) ?? undefined,
    set(header, value) {
      if (negotiated.size < KNOWN_HEADERS_KEPT) negotiated.set(header, value as Encoding | null);
      return this;
    },
  },
});

/** The encoding @fastify/compress would choose for this request: `*` and `x-gzip` mean gzip. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return null;
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));
}

/**
 * A JSON answer that changes rarely (the site config), prepared once: its text and, when it is
 * large enough to be compressed, its brotli and gzip copies. Compressing a 1 KB answer on every
 * request cost more than twice the rest of the answer; the copies are made once per version.
 */
export class PreparedJsonAnswer {
  private readonly compressed: Record<Encoding, Buffer> | null;

  constructor(readonly body: string) {
    const bytes = Buffer.from(body);
    this.compressed =
      bytes.length < COMPRESSION_THRESHOLD_BYTES
        ? null
        : {
            br: brotliCompressSync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
          };
  }

  /** Sends the answer in the encoding the client accepts; @fastify/compress leaves it as it is. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    const encoding = this.compressed ? acceptedEncoding(request) : null;
    if (!this.compressed || !encoding) return reply.send(this.body);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    return reply.header('content-encoding', encoding).send(this.compressed[encoding]);
  }
}
