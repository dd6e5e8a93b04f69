import { describe, expect, it } from 'vitest';
import { exportFileName, REPORT_NOUN } from '../../../../src/renderer/features/reports/model/export-name.js';
import { T0 } from './fixtures.js';

describe('export file names', () => {
  it('names the new reports in file names and sentences', () => {
    expect(exportFileName('Checkout app', 'whats-new', 'md', T0)).toMatch(
      /^checkout-app-whats-new-\d{4}-\d{2}-\d{2}\.md$/,
    );
    expect(exportFileName('Checkout app', 'hotspots', 'pdf', T0)).toMatch(/^checkout-app-hotspots-.*\.pdf$/);
    expect(REPORT_NOUN['whats-new']).toBe('briefing');
  });

  it('names the project, the report and the day', () => {
    const now = new Date(2026, 2, 12, 9).getTime();
    expect(exportFileName('Checkout app', 'review', 'md', now)).toBe('checkout-app-review-2026-03-12.md');
    expect(exportFileName('Café / Brand — 2026!', 'decision-log', 'pdf', now)).toBe(
      'cafe-brand-2026-decision-log-2026-03-12.pdf',
    );
    expect(exportFileName('***', 'review', 'md', now)).toBe('project-review-2026-03-12.md');
  });
});
