import { beforeEach, describe, expect, it } from 'vitest';
import { useHotspots } from '../../../../src/renderer/features/reports/stores/hotspots-store.js';

let project = 0;
beforeEach(() => {
  project++;
  useHotspots.getState().showProject(`p${project}`);
});

describe('hotspots store', () => {
  it('applies a file’s filters: component and status at once, the line when asked, an unreadable line never', () => {
    useHotspots.getState().selectFile('src/ui/Button.tsx');
    expect(useHotspots.getState().applied).toEqual({ line: null, component: '', status: '' });
    useHotspots.setState({ query: { ...useHotspots.getState().query, line: '30' } });
    useHotspots.getState().setQuery({ status: 'open' });
    expect(useHotspots.getState().applied).toEqual({ line: 30, component: '', status: 'open' });
    // Choosing a file asks its panel to come into view; closing it asks nothing.
    expect(useHotspots.getState().reveal).toBe('pending');
    useHotspots.getState().setReveal('none');
    useHotspots.getState().setQuery({ component: 'Button', line: 'x' });
    // An unreadable line is not sent: what the list was asked with stays.
    expect(useHotspots.getState().applied).toEqual({ line: 30, component: '', status: 'open' });
    // Filtering the list does not move the report.
    expect(useHotspots.getState().reveal).toBe('none');
    useHotspots.getState().selectFile(null);
    expect(useHotspots.getState().reveal).toBe('none');
  });

  it('starts a file from a chart segment filtered by its status, and forgets the file in another project', () => {
    useHotspots.getState().selectFile('src/checkout/Card.tsx', 'deferred');
    expect(useHotspots.getState().applied).toEqual({ line: null, component: '', status: 'deferred' });
    useHotspots.getState().showProject(`p${project}`);
    expect(useHotspots.getState().file).toBe('src/checkout/Card.tsx');
    useHotspots.getState().showProject(`other${project}`);
    expect(useHotspots.getState()).toMatchObject({
      file: null,
      applied: { line: null, component: '', status: '' },
      reveal: 'none',
    });
  });
});
