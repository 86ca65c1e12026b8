import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@kezhan/contract/endpoint';
import { requiredText } from '@kezhan/contract/validation';
import { idParams } from '@kezhan/contract/shapes';
import { ok } from './envelope';
import { installErrorHandler } from './error-handler';
import { route } from './route';

const echo = defineEndpoint({
  method: 'POST',
  path: '/echo/:id',
  tag: 'test',
  summary: 'Echo',
  params: idParams,
  body: z.object({ name: requiredText('请输入名字', 8) }),
  data: z.strictObject({ id: z.number(), name: z.string() }),
});

async function appWith(checkResponses: boolean, answer: (id: number, name: string) => unknown) {
  const app = Fastify({ logger: false });
  app.decorate('checkResponses', checkResponses);
  installErrorHandler(app);
  route(app, echo, async (request) => ok(answer(request.params.id, request.body.name) as never));
  await app.ready();
  return app;
}

describe('route(): endpoints registered from their contract declaration', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('parses params and body with the declared schemas and hands the handler typed values', async () => {
    app = await appWith(true, (id, name) => ({ id, name }));
    const res = await app.inject({ method: 'POST', url: '/echo/12', payload: { name: ' 张三 ' } });
    expect(res.json()).toEqual({ code: 0, message: '', data: { id: 12, name: '张三' } });
  });

  it('answers invalid input with the schema messages in the usual envelope', async () => {
    app = await appWith(true, (id, name) => ({ id, name }));
    expect((await app.inject({ method: 'POST', url: '/echo/x', payload: { name: 'a' } })).json()).toEqual({
      code: 1,
      message: '参数错误',
      data: [],
    });
    expect((await app.inject({ method: 'POST', url: '/echo/1', payload: {} })).json()).toEqual({
      code: 1,
      message: '请输入名字',
      data: [],
    });
  });

  it('fails an answer that does not match its declaration (an extra column, a wrong type)', async () => {
    app = await appWith(true, (id, name) => ({ id, name, password: 'scrypt$…' }));
    const leaked = await app.inject({ method: 'POST', url: '/echo/1', payload: { name: 'a' } });
    expect(leaked.statusCode).toBe(500);
    expect(leaked.body).not.toContain('scrypt');
    await app.close();

    app = await appWith(true, (id) => ({ id: String(id), name: 'a' }));
    expect((await app.inject({ method: 'POST', url: '/echo/1', payload: { name: 'a' } })).statusCode).toBe(
      500,
    );
  });

  it('does not check answers when the check is off (production)', async () => {
    app = await appWith(false, (id, name) => ({ id, name, extra: 1 }));
    const res = await app.inject({ method: 'POST', url: '/echo/1', payload: { name: 'a' } });
    expect(res.json()).toEqual({ code: 0, message: '', data: { id: 1, name: 'a', extra: 1 } });
  });
});
