import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../../src/renderer/server-state/limiter.js';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the limiter', () => {
  it('runs at most its number of tasks at once, the others in the order asked', async () => {
    const limit = createLimiter(2);
    const started: string[] = [];
    const finish = new Map<string, (v: string) => void>();
    const task = (name: string) => () => {
      started.push(name);
      return new Promise<string>((resolve) => finish.set(name, resolve));
    };
    const answers = ['a', 'b', 'c', 'd'].map((n) => limit(task(n)));
    await settle();
    expect(started).toEqual(['a', 'b']);
    finish.get('b')!('B');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    finish.get('a')!('A');
    finish.get('c')!('C');
    await settle();
    finish.get('d')!('D');
    expect(await Promise.all(answers)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('starts the next task when one fails, and hands the failure to its caller', async () => {
    const limit = createLimiter(1);
    const failed = limit(() => Promise.reject(new Error('The service did not answer.')));
    const next = limit(async () => 'next');
    await expect(failed).rejects.toThrow('The service did not answer.');
    expect(await next).toBe('next');
  });
});
