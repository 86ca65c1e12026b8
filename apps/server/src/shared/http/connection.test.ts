import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { REQUESTS_PER_CONNECTION } from './connection';

interface Answer {
  status: number;
  closes: boolean;
}

const parseAnswers = (received: string): Answer[] =>
  [...received.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g)].map(([, status, headers]) => ({
    status: Number(status),
    closes: /^connection: close$/im.test(headers),
  }));

/**
 * Writes `count` GET requests on one connection, all at once (a pipelining client, or one that
 * sends its next request before it has read the previous answer), and reads the answers until the
 * server closes the connection — or, with `until`, until that many answers came and it did not.
 */
function pipeline(port: number, count: number, until = Infinity) {
  return new Promise<{ answers: Answer[]; closedByServer: boolean }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      socket.write('GET /api/v3/status HTTP/1.1\r\nHost: api.test\r\n\r\n'.repeat(count));
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
      const answers = parseAnswers(received);
      if (answers.length >= until && received.endsWith('}')) {
        socket.destroy();
        resolve({ answers, closedByServer: false });
      }
    });
    socket.on('error', reject);
    socket.on('end', () => {
      socket.destroy();
      resolve({ answers: parseAnswers(received), closedByServer: true });
    });
  });
}

describe('keep-alive connections', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it(`close cleanly after ${REQUESTS_PER_CONNECTION} requests: the last answer says so, and no client sees a 503`, async () => {
    const { answers, closedByServer } = await pipeline(port, REQUESTS_PER_CONNECTION + 20);
    expect(closedByServer).toBe(true);
    expect(answers).toHaveLength(REQUESTS_PER_CONNECTION);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(answers.findIndex((answer) => answer.closes)).toBe(REQUESTS_PER_CONNECTION - 1);
  }, 120_000);

  it('keep a connection open while it is under the limit', async () => {
    const { answers, closedByServer } = await pipeline(port, 3, 3);
    expect(closedByServer).toBe(false);
    expect(answers).toEqual([
      { status: 200, closes: false },
      { status: 200, closes: false },
      { status: 200, closes: false },
    ]);
  });
});
