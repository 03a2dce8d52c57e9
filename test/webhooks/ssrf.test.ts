import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocal } from '../../local/server.js';
import { guardedLookup, refusedAddress, refusedUrl } from '../../functions/adapters/http/webhook-targets.js';
import { webhookOwnerOf } from '../../functions/policy/webhooks.js';
import { createClient } from '../../sdk/index.js';
import { receiver, webhooksWithPolicy } from './harness.js';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocal({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

const AWS = {}; // the policy on AWS: nothing allowed beyond public https targets

describe('SSRF checks on webhook targets', () => {
  it.each([
    ['http://example.com/hook', 'https'],
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://10.1.2.3/hook', 'private'],
    ['https://172.20.0.1/hook', 'private'],
    ['https://192.168.1.10/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://100.64.0.1/hook', 'private'],
    ['https://[::1]/hook', 'loopback'],
    ['https://[fe80::1]/hook', 'link-local'],
    ['https://[fd00::1]/hook', 'private'],
    ['https://[::ffff:10.0.0.1]/hook', 'private'],
    ['https://0.0.0.0/hook', 'private'],
    ['https://localhost/hook', 'local name'],
    ['https://user:pw@example.com/hook', 'credentials'],
    ['not a url', 'URL'],
  ])('refuses %s', (url, why) => {
    expect(refusedUrl(url, AWS)).toContain(why);
  });

  it('accepts public https targets, and 127.0.0.1 only when a local policy allows it', () => {
    expect(refusedUrl('https://hooks.example.com/x', AWS)).toBeUndefined();
    expect(refusedUrl('https://93.184.216.34/x', AWS)).toBeUndefined();
    expect(refusedAddress('127.0.0.1', { allowAddresses: ['127.0.0.1'] })).toBeUndefined();
    expect(refusedAddress('127.0.0.2', { allowAddresses: ['127.0.0.1'] })).toContain('loopback');
  });

  it('registration under the AWS policy refuses a loopback target with 422 webhook/target_refused, writing nothing', async () => {
    const w = { hooks: webhooksWithPolicy(server, AWS) };
    const api = createClient({ baseUrl: server.url });
    const t = await api.createTable({ variant: 'schafkopf', seats: 4 });
    await expect(
      w.hooks.service.register(t.organiserKey, { url: 'https://127.0.0.1:8443/x', tableId: t.tableId }),
    ).rejects.toMatchObject({ status: 422, code: 'webhook/target_refused', extra: { field: 'url' } });
    expect(await w.hooks.service.list(webhookOwnerOf(t.organiserKey))).toEqual([]);
  });

  it('the connect-time lookup refuses a name that resolves to loopback (no DNS-rebinding window)', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(AWS)('localhost', {}, (e) => resolve(e)),
    );
    expect(err?.code).toBe('ERR_WEBHOOK_TARGET_REFUSED');
    const ok = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup({ allowAddresses: ['127.0.0.1', '::1'] })('localhost', {}, (e) => resolve(e)),
    );
    expect(ok).toBeNull();
  });

  it('at delivery the connection is refused when the address is not allowed, and a redirect is never followed', async () => {
    const rx = await receiver(() => ({ redirect: 'http://169.254.169.254/latest/meta-data' }));
    const local = { hooks: webhooksWithPolicy(server, { allowAddresses: ['127.0.0.1'], allowHttp: true }) };
    const api = createClient({ baseUrl: server.url });
    const t = await api.createTable({ variant: 'schafkopf', seats: 4 });
    const { hook } = await local.hooks.service.register(t.organiserKey, { url: rx.url, tableId: t.tableId });
    const stored = (await local.hooks.store.getHook(hook.id))!;
    const [delivery] = [
      {
        hookId: hook.id,
        deliveryId: `msg_${hook.id}.${t.tableId}.1.0`,
        tableId: t.tableId,
        seq: 1,
        sub: 0,
        type: 'TableOpened' as const,
        body: '{}',
        status: 'pending' as const,
        attempts: [],
        nextAt: 0,
        createdAt: 0,
      },
    ];
    expect(await local.hooks.deliverer.send(stored, delivery!)).toEqual({
      ok: false,
      status: 302,
      error: 'redirects are not followed',
    });
    expect(rx.received).toHaveLength(1);
    // The same stored URL under a policy without the local allowance: refused before any byte is sent.
    const strict = { hooks: webhooksWithPolicy(server, { allowHttp: true }) };
    const out = await strict.hooks.deliverer.send(stored, delivery!);
    expect(out.ok).toBe(false);
    expect(out.error).toContain('refused target');
    expect(rx.received).toHaveLength(1);
    await rx.close();
  });
});
