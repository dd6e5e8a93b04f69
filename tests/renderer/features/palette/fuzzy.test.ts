import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyScore } from '../../../../src/renderer/features/palette/fuzzy.js';

const commands = [
  'Switch to the board',
  'Switch to the table',
  'Set status: Resolved',
  'Set status: Open',
  'Assign…',
  'Open project: Checkout app',
  'Refresh the threads',
];

describe('palette fuzzy matching', () => {
  it('needs the query’s characters in order, ignoring case and spaces', () => {
    expect(fuzzyScore('tbl', 'Switch to the table')).not.toBeNull();
    expect(fuzzyScore('TABLE', 'Switch to the table')).not.toBeNull();
    expect(fuzzyScore('set res', 'Set status: Resolved')).not.toBeNull();
    expect(fuzzyScore('xyz', 'Switch to the table')).toBeNull();
    expect(fuzzyScore('elbat', 'Switch to the table')).toBeNull();
  });

  it('ranks word starts and substrings above scattered letters', () => {
    expect(fuzzyFilter(commands, 'table', (c) => c)[0]).toBe('Switch to the table');
    expect(fuzzyFilter(commands, 'res', (c) => c)[0]).toBe('Set status: Resolved');
    expect(fuzzyFilter(commands, 'checkout', (c) => c)[0]).toBe('Open project: Checkout app');
    expect(fuzzyFilter(commands, 'sso', (c) => c)[0]).toBe('Set status: Open');
  });

  it('keeps the original order for an empty query', () => {
    expect(fuzzyFilter(commands, '  ', (c) => c)).toEqual(commands);
  });
});
