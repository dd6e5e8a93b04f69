import { describe, expect, it } from 'vitest';
import { exportFileName, REPORT_NOUN } from '../../../../src/renderer/features/reports/model/export-name.js';
import { T0 } from './fixtures.js';

describe('export file names', () => {
  it('names the new reports in file names and sentences', () => {
    expect(exportFileName('Checkout app', 'whats-new', 'md', T0)).toMatch(/^checkout-app-whats-new-\d{4}-\d{2}-\d{2}\.md$/);
    expect(exportFileName('Checkout app', 'hotspots', 'pdf', T0)).toMatch(/^checkout-app-hotspots-.*\.pdf$/);
    expect(REPORT_NOUN['whats-new']).toBe('briefing');
  });
});
