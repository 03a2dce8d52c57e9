import { describe, expect, it } from 'vitest';
import { MESSAGE_ROUTES } from '../../functions/ws/handler.js';
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
    // keys are ACTIONS (test/infra/stack.test.ts).
    expect(Object.keys(MESSAGE_ROUTES).sort()).toEqual([...documented].sort());
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
