import { describe, expect, it } from 'vitest';
import { failure, sameCause } from '../../../src/renderer/stores/failure.js';

describe('one banner per cause', () => {
  it('takes connection failures for one cause whatever each request said', () => {
    const load = failure('Could not load the threads of this project', {
      kind: 'network',
      message: "Can't reach the service.",
    });
    const move = failure('Could not move “x” to Deferred', {
      kind: 'network',
      message: "Can't reach the service. Nothing was saved.",
    });
    expect(sameCause(load, move)).toBe(true);
  });

  it('keeps apart refusals that say different things, and different kinds', () => {
    const a = failure('A', { kind: 'validation', message: 'Item is resolved.' });
    const b = failure('B', { kind: 'validation', message: 'Body too long.' });
    expect(sameCause(a, b)).toBe(false);
    expect(sameCause(a, failure('C', { kind: 'validation', message: 'Item is resolved.' }))).toBe(true);
    expect(sameCause(a, failure('D', { kind: 'network', message: 'Item is resolved.' }))).toBe(false);
  });
});
