import { describe, expect, it } from 'vitest';
import { freshRead } from '../../functions/use-cases/webhook-delivery.js';

/** A read whose answers the test releases one by one: each answer is the number of reads started before it. */
function controlled() {
  let started = 0;
  const pending: (() => void)[] = [];
  const read = () =>
    new Promise<number>((resolve) => {
      const n = ++started;
      pending.push(() => resolve(n));
    });
  return { read, started: () => started, finish: () => pending.shift()?.() };
}

describe('freshRead (the webhook stamp shared by commits that wait at the same time)', () => {
  it('callers during a read share the next one, which starts after they called; later callers read again', async () => {
    // arrange
    const c = controlled();
    const fresh = freshRead(c.read);
    // act
    const a = fresh();
    const b = fresh();
    const d = fresh();
    expect(c.started()).toBe(1);
    c.finish();
    expect(await a).toBe(1);
    await Promise.resolve();
    await Promise.resolve();
    // assess: b and d share read 2, started only after read 1 ended (so after both of them called)
    expect(c.started()).toBe(2);
    c.finish();
    expect(await b).toBe(2);
    expect(await d).toBe(2);
    const e = fresh();
    expect(c.started()).toBe(3);
    c.finish();
    expect(await e).toBe(3);
  });

  it('a failed read fails its callers only; the next caller reads again', async () => {
    let n = 0;
    const fresh = freshRead(async () => {
      n++;
      if (n === 1) throw new Error('store down');
      return n;
    });
    await expect(fresh()).rejects.toThrow('store down');
    expect(await fresh()).toBe(2);
  });
});
