/**
 * The declarations' join: a name two domains both declare would let one silently shadow the
 * other's handler, so the app refuses to start instead, naming it. The local-read factory.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commands, commandDomains } from '../bridge';
import { anyRole, command, defineCommands, joinDomains, localState, returns } from './define';

describe('command declarations', () => {
  it('refuses a command two domains both declare, naming it', () => {
    const ping = command({
      scope: 'platform',
      input: z.object({}),
      output: returns<null>(),
      priority: 'local',
      category: 'app',
      effect: 'read',
      api: null,
      operations: [],
      roles: ['super_admin', 'admin'],
    });
    const one = defineCommands({ 'desk.ping': ping });
    const two = defineCommands({ 'desk.ping': ping, 'desk.pong': ping });
    expect(() => joinDomains({ one, two })).toThrow('desk.ping is declared twice (two).');
  });

  it('refuses, at compile time, a declaration that does not say where it runs', () => {
    const unscoped = {
      input: z.object({}),
      output: returns<null>(),
      priority: 'local' as const,
      category: 'app' as const,
      effect: 'read' as const,
      api: null,
      operations: [],
      roles: anyRole,
    };
    // @ts-expect-error a command without `scope` does not compile (issue 32 §1).
    command(unscoped);
    // @ts-expect-error nor a local read without one.
    localState('read', { input: z.object({}), output: returns<null>() });
    expect(command({ ...unscoped, scope: 'workstation' }).scope).toBe('workstation');
  });

  it('joins every domain of the contract, each command under its `domain.verb` name', () => {
    const perDomain = Object.values(commandDomains).flatMap((decls) => Object.keys(decls));
    expect(Object.keys(commands)).toEqual(perDomain);
    // `subject.verb`, both camelCase: `broadcast.startRecording`, `mediaProfile.groups`.
    for (const name of perDomain) expect(name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]+$/);
  });

  it('declares a local read as the pipeline expects it: no platform call, never audited', () => {
    const { priority, category, effect, api, operations, roles } = localState('read', {
      scope: 'platform',
      input: z.object({}),
      output: returns<null>(),
    });
    expect([priority, category, effect, api, operations, roles]).toEqual([
      'local',
      'app',
      'read',
      null,
      [],
      anyRole,
    ]);
    // The presence, activity and saved-query reads are declared with it.
    for (const name of ['presence.list', 'activity.query', 'persist.load'] as const)
      expect(commands[name]).toMatchObject({ priority: 'local', effect: 'read', api: null });
  });
});
