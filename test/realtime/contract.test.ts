import { describe, expect, it } from 'vitest';
import { MESSAGE_ROUTES, message } from '../../functions/ws/handler.js';
import { TABLE_ROUTES } from '../../functions/http/tables.js';
import { type Actor, MESSAGE_POLICIES, POLICIES } from '../../functions/policy/access.js';
import { AppError } from '../../functions/use-cases/errors.js';
import { ACTIONS, ClientMessage } from '../../functions/ws/protocol.js';
import { asyncapi, checkClientMessage, messagesOf, payloadOf } from './asyncapi.js';

describe('asyncapi.yaml and the code', () => {
  it('documents exactly the actions the handler routes', () => {
    const documented = messagesOf('send').map(
      (m) =>
        (asyncapi.components.schemas[payloadOf(m)] as { properties: { action: { const: string } } }).properties.action
          .const,
    );
    expect([...documented].sort()).toEqual([...ACTIONS].sort());
    // The handler's route table (functions/ws/handler.ts MESSAGE_ROUTES) answers exactly those; API Gateway's route
    // keys are ACTIONS (test/infra/stack.suite.ts).
    expect(Object.keys(MESSAGE_ROUTES).sort()).toEqual([...documented].sort());
  });

  it('every message route names its policy (MESSAGE_POLICIES); a message that has a REST twin asks for the same token', () => {
    const named = new Set<unknown>(Object.values(MESSAGE_POLICIES));
    for (const [action, r] of Object.entries(MESSAGE_ROUTES)) expect(named.has(r.access), action).toBe(true);
    const twins = { view: 'getView', resync: 'listEvents', act: 'act' } as const;
    for (const [action, operationId] of Object.entries(twins)) {
      const rest = TABLE_ROUTES.find((r) => r.operationId === operationId);
      expect(MESSAGE_ROUTES[action as keyof typeof twins].access.bearer, action).toBe(rest?.access.bearer);
    }
    // The move's check admits exactly whom POST …/actions admits (and refuses a token that no longer grants access).
    const actors: Actor[] = [
      { kind: 'seat', seat: 1 },
      { kind: 'organiser' },
      { kind: 'spectator' },
      { kind: 'public' } as unknown as Actor,
    ];
    const admits = (check: (a: never) => unknown, a: unknown): boolean => {
      try {
        check(a as never);
        return true;
      } catch (e) {
        if (e instanceof AppError) return false;
        throw e;
      }
    };
    for (const a of actors)
      expect(admits(MESSAGE_POLICIES.act.check, a), JSON.stringify(a)).toBe(admits(POLICIES.act.check, a));
    expect(admits(MESSAGE_POLICIES.act.check, undefined)).toBe(false);
  });

  it('a message route that answers without running its policy check is an error, never an answer', async () => {
    const skipped = message<{ action: 'view' }, [Actor | undefined], Actor>(
      'view',
      MESSAGE_POLICIES.readTable,
      async () => [],
    );
    await expect(skipped.handle({ action: 'view' }, {} as never, {} as never)).rejects.toThrow(
      /without running its access check/,
    );
    const checked = message<{ action: 'view' }, [Actor | undefined], Actor>(
      'view',
      MESSAGE_POLICIES.readTable,
      async (_m, _c, _k, may) => (may({ kind: 'spectator' }), []),
    );
    await expect(checked.handle({ action: 'view' }, {} as never, {} as never)).resolves.toEqual([]);
  });

  it('every documented example is valid by the document and accepted by the handler’s schema', () => {
    let examples = 0;
    for (const m of messagesOf('send'))
      for (const ex of asyncapi.components.messages[m]!.examples ?? []) {
        const payload = ex.payload as { action: string };
        expect(checkClientMessage(payload)).toEqual([]);
        expect(ClientMessage.safeParse(payload).success, JSON.stringify(payload)).toBe(true);
        examples++;
      }
    expect(examples).toBe(ACTIONS.length);
  });

  it('what the document refuses, the handler refuses too', () => {
    const bad = [
      { action: 'subscribe', as: 'god' },
      { action: 'resync' },
      { action: 'act' },
      { action: 'ping', extra: true },
      { action: 'act', move: { type: 'pass' }, expectedVersion: -1 },
      { action: 'view', requestId: 'has spaces' },
    ];
    for (const msg of bad) {
      expect(checkClientMessage(msg), JSON.stringify(msg)).not.toEqual([]);
      expect(ClientMessage.safeParse(msg).success, JSON.stringify(msg)).toBe(false);
    }
  });
});
