/**
 * Doors are closed by default (docs/security.md, "Doors"): a server with a route missing from
 * its door table does not start (the declaration throws), so a route added later cannot be left open by forgetting it.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultServerLimits, guardRoutes, UndeclaredDoorError } from './doors';

describe('a route nobody declared a door for keeps the server from starting', () => {
  it('throws at the route’s declaration, naming it, before anything listens', async () => {
    const app = Fastify({ logger: false });
    guardRoutes(app, {
      doors: { 'GET /events': { door: 'secret' } },
      strictest: 'secret',
      limits: defaultServerLimits,
      check: () => Promise.resolve(),
    });
    app.get('/events', () => 'declared');
    expect(() => app.post('/admin/new-route', () => 'forgotten')).toThrow(UndeclaredDoorError);
    expect(() => app.post('/admin/new-route', () => 'forgotten')).toThrow('POST /admin/new-route');
    expect(app.server.listening).toBe(false);
    await app.close();
  });
});
