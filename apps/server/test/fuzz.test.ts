import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { encode, HOSTILE_STRINGS, HOSTILE_VALUES, mulberry32, PATH_VALUES } from './support/fuzz-values';

/**
 * A seeded fuzz of malformed requests across every endpoint of the OpenAPI document: hostile
 * strings (NUL and other control characters, lone surrogates, very long text, SQL and HTML),
 * wrong types, odd path parameters and broken bodies. No answer may be a 5xx or show a stack, and
 * every refusal speaks Chinese (no English validation text).
 * FUZZ_SEED / FUZZ_ROUNDS change the run (defaults keep it to a few seconds). FUZZ_MEMORY=1
 * prints the heap after a full collection every 50 rounds: a soak run for leaks (see docs/deploy.md).
 */
const SEED = Number(process.env.FUZZ_SEED || 20_261_123);
const ROUNDS = Number(process.env.FUZZ_ROUNDS || 20);
const REPORT_MEMORY = process.env.FUZZ_MEMORY === '1';

function memoryAfterCollection(): string {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  const { heapUsed, rss } = process.memoryUsage();
  return `heap ${(heapUsed / 2 ** 20).toFixed(1)} MB, rss ${(rss / 2 ** 20).toFixed(1)} MB`;
}

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[];
  multipart: boolean;
}

/** Validation text that escaped without its Chinese message (zod's defaults are English). */
const ENGLISH_VALIDATION = /expected|invalid input|too (big|small)|required|received|must be|unrecognized/i;

/** The message of a refusing envelope (`{code ≠ 0, message}`), or null for anything else. */
function refusalMessage(contentType: string | string[] | number | undefined, body: string): string | null {
  if (!String(contentType).includes('application/json')) return null;
  try {
    const answer = JSON.parse(body) as { code?: unknown; message?: unknown };
    return typeof answer.code === 'number' && answer.code !== 0 && typeof answer.message === 'string'
      ? answer.message
      : null;
  } catch {
    return null;
  }
}

describe('fuzz: malformed requests across the OpenAPI document', () => {
  let t: TestApp;
  let token: string;
  const operations: Operation[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.loginBySms('13700009999');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const parameters = (op.parameters ?? []) as { name: string; in: string }[];
        const content = (op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })
          ?.content;
        operations.push({
          method: method.toUpperCase(),
          path,
          query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
          body: Object.keys(content?.['application/json']?.schema?.properties ?? {}),
          multipart: Boolean(content?.['multipart/form-data']),
        });
      }
    }
  });
  afterAll(() => t.close());

  it('answers no 5xx and leaks no stack', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const random = mulberry32(SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const failures: string[] = [];
    let sent = 0;
    let refusals = 0;
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      if (REPORT_MEMORY && round % 50 === 0)
        console.log(`fuzz: ${sent} requests, ${memoryAfterCollection()}`);
      for (const op of operations) {
        const path = op.path.replace(/\{(\w+)\}/g, () => pick(PATH_VALUES));
        const queryParts: string[] = [];
        for (const name of [...op.query, ...(random() < 0.3 ? ['token', 'page', 'x[y]'] : [])]) {
          if (random() < 0.2) continue;
          const value = pick(HOSTILE_VALUES);
          const text = typeof value === 'string' ? value.slice(0, 300) : JSON.stringify(value);
          const encoded = random() < 0.1 ? text : encode(text).replace(/%25/g, pick(['%25', '%', '%%']));
          queryParts.push(`${name}=${encoded}`);
          if (random() < 0.1) queryParts.push(`${name}=${encoded}`);
        }
        const url = `${path}${queryParts.length ? `?${queryParts.join('&')}` : ''}`;
        const headers: Record<string, string> = {};
        const auth = random();
        if (auth < 0.5) headers.authorization = `Bearer ${token}`;
        else if (auth < 0.6)
          headers.authorization = pick(['Bearer ', 'Bearer \u0001', 'Basic x', `Bearer ${token}x`]);
        let payload: string | undefined;
        if (op.method !== 'GET' && op.method !== 'DELETE') {
          const shape = random();
          if (shape < 0.75) {
            const body: Record<string, unknown> = {};
            for (const name of [...op.body, ...(random() < 0.3 ? ['token', '__proto__', 'constructor'] : [])])
              if (random() < 0.85) body[name] = pick(HOSTILE_VALUES);
            payload = JSON.stringify(body);
            headers['content-type'] = 'application/json';
          } else if (shape < 0.85) {
            payload = pick([
              '{"a":',
              '[',
              '"\\u0000"',
              'null',
              '1',
              '{"a":"\\ud800"}',
              '{"__proto__":{"x":1}}',
            ]);
            headers['content-type'] = 'application/json';
          } else if (shape < 0.95) {
            payload = `${pick([...op.body, 'x'])}=${encode(pick(HOSTILE_STRINGS))}&a=%00`;
            headers['content-type'] = pick([
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=zz',
              'text/plain',
            ]);
          } else {
            payload = '\u0000'.repeat(100);
            headers['content-type'] = 'multipart/form-data';
          }
        }
        let res;
        try {
          res = await t.app.inject({ method: op.method as 'GET', url, headers, payload });
        } catch (error) {
          failures.push(`${op.method} ${url}: inject threw ${(error as Error).message}`);
          continue;
        }
        sent += 1;
        const body = res.body;
        const where = `${op.method} ${url.slice(0, 200)} ${payload?.slice(0, 200) ?? ''}`;
        if (res.statusCode >= 500 && !(op.path === '/readyz' && res.statusCode === 503))
          failures.push(`${res.statusCode} ${where} → ${body.slice(0, 200)}`);
        else if (/\n\s+at \S|node_modules|Error: |syntax error at/.test(body))
          failures.push(`stack ${where} → ${body.slice(0, 200)}`);
        else {
          const refusal = refusalMessage(res.headers['content-type'], body);
          if (refusal !== null) refusals += 1;
          if (refusal !== null && (!/[\u4e00-\u9fff]/.test(refusal) || ENGLISH_VALIDATION.test(refusal)))
            failures.push(`not Chinese: ${refusal} ← ${where}`);
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz: ${sent} requests over ${operations.length} operations in ${seconds.toFixed(1)} s`);
    expect(failures.slice(0, 30)).toEqual([]);
    // Most malformed requests are refused with a message: the language check above had work to do.
    expect(refusals).toBeGreaterThan(sent / 2);
  }, 3_600_000);
});
