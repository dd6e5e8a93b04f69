import { describe, expect, it } from 'vitest';
import { splitProjectContext } from '../../../../src/renderer/features/reports/model/project-context.js';

describe('project context', () => {
  it('separates the rules learned from the written context', () => {
    const parts = splitProjectContext(
      'Checkout flow.\n\nRules learned:\n- Bugs are bugs. (added by Olivia Owner, 2026-03-26)\n- A rule without a byline\n',
    );
    expect(parts.written).toBe('Checkout flow.');
    expect(parts.rules).toEqual([
      { text: 'Bugs are bugs.', addedBy: 'Olivia Owner', addedOn: '2026-03-26' },
      { text: 'A rule without a byline', addedBy: null, addedOn: null },
    ]);
    expect(splitProjectContext('Only context.')).toEqual({ written: 'Only context.', rules: [] });
    expect(splitProjectContext('Rules learned:\n- One. (added by A, 2026-01-01)').written).toBe('');
  });
});
