import { describe, expect, it } from 'vitest';
import type { Figure } from '../../../bench/measure.js';
import { afterWrite, FLOOR, rowsOf, writeFigure } from '../../../bench/service-figures.js';
import type { Engine } from '../../../bench/service-world.js';

const figure = (p50: number): Figure => ({ p50, p99: p50 * 3, requests: 100 });

function worldOf(engine: Engine, figures: Record<string, number>) {
  return { engine, threads: 2000, figures: new Map(Object.entries(figures).map(([k, v]) => [k, figure(v)])) };
}

describe('the service figures held to their targets', () => {
  it('holds GET items to 1.2× its floor on SQLite and 1.3× on PostgreSQL', () => {
    const figures = { [FLOOR]: 1, 'GET items': 1.25 };
    const verdict = (engine: Engine) => rowsOf(worldOf(engine, figures)).find((r) => r.endpoint === 'GET items')!;
    expect(verdict('SQLite')).toMatchObject({ met: false, target: expect.stringContaining('≤ 1.2× floor') });
    expect(verdict('PostgreSQL')).toMatchObject({ met: true, target: expect.stringContaining('≤ 1.3× floor') });
  });

  it('holds a read after a status change to twice the same read timed beside it', () => {
    const after = afterWrite('GET items', 'status change');
    const rows = rowsOf(
      worldOf('PostgreSQL', { [FLOOR]: 1, 'GET items': 1, [after]: 5, [`${after}, cached beside it`]: 2 }),
    );
    expect(rows.find((r) => r.endpoint === after)).toMatchObject({
      met: false,
      target: expect.stringContaining('2.50×'),
    });
  });

  it('prints the timed writes last, for information, without a verdict', () => {
    const rows = rowsOf(
      worldOf('SQLite', {
        [writeFigure('create')]: 9,
        [writeFigure('status change')]: 7,
        [FLOOR]: 1,
        'GET items': 1,
        [writeFigure('reply')]: 8,
      }),
    );
    expect(rows.map((r) => r.endpoint)).toEqual([
      FLOOR,
      'GET items',
      'write: status change',
      'write: reply',
      'write: create',
    ]);
    expect(rows.slice(2).map((r) => [r.met, r.target, r.figure.p99])).toEqual([
      [null, '', 21],
      [null, '', 24],
      [null, '', 27],
    ]);
  });
});
