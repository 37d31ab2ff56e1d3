/**
 * Lazy validators in a real Fastify server (inject, no socket): the same 400 and messages as
 * Fastify's eager compiler, coercion and allErrors kept, and a schema compiled only when its
 * route is first called (a broken schema does not stop the server from starting).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyValidatorFactory } from './lazy-validators';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function server(lazy: boolean): FastifyInstance {
  const app = Fastify({
    ajv: { customOptions: { allErrors: true } },
    ...(lazy
      ? { schemaController: { compilersFactory: { buildValidator: lazyValidatorFactory() } } }
      : {}),
  });
  apps.push(app);
  app.post(
    '/items/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } } },
        body: {
          type: 'object',
          required: ['name', 'size'],
          properties: { name: { type: 'string', minLength: 1 }, size: { type: 'integer' } },
        },
      },
    },
    (request) => ({ params: request.params, body: request.body }),
  );
  return app;
}

describe('lazyValidatorFactory', () => {
  it('answers as the eager compiler does: 400 with every error, coercion kept', async () => {
    const answers = [];
    for (const lazy of [false, true]) {
      const app = server(lazy);
      const bad = await app.inject({ method: 'POST', url: '/items/7', payload: { name: '' } });
      const good = await app.inject({
        method: 'POST',
        url: '/items/7',
        payload: { name: 'a', size: 2 },
      });
      answers.push({ bad: [bad.statusCode, bad.json()], good: [good.statusCode, good.json()] });
    }
    const [eager, lazy] = answers;
    expect(lazy).toEqual(eager);
    expect(lazy?.bad[0]).toBe(400);
    const message = (lazy?.bad[1] as { message: string }).message;
    expect(message).toContain("must have required property 'size'");
    expect(message).toContain('body/name must NOT have fewer than 1 characters');
    expect(lazy?.good).toEqual([200, { params: { id: 7 }, body: { name: 'a', size: 2 } }]);
  });

  it("compiles a schema on its route's first request, not at start", async () => {
    const broken = (lazy: boolean) => {
      const app = Fastify(
        lazy
          ? { schemaController: { compilersFactory: { buildValidator: lazyValidatorFactory() } } }
          : {},
      );
      apps.push(app);
      app.post('/x', { schema: { body: { type: 'no-such-type' } } }, () => ({ ok: true }));
      return app;
    };
    await expect(broken(false).ready()).rejects.toThrow(/no-such-type|schema/i);
    const app = broken(true);
    await app.ready();
    const response = await app.inject({ method: 'POST', url: '/x', payload: {} });
    expect(response.statusCode).toBe(500);
  });
});
