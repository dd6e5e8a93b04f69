import { describe, expect, it } from 'vitest';
import { parseRoute, routeToHash, type Route } from '../../../src/renderer/app/route.js';

describe('URL hash routes', () => {
  it('serializes a project view with its filters', () => {
    const route: Route = {
      screen: 'project',
      projectId: 'prj_1',
      view: 'table',
      filters: { status: 'open', type: 'bug' },
    };
    expect(routeToHash(route)).toBe('#/p/prj_1/table?status=open&type=bug');
  });

  it('round-trips every screen, and project ids that need escaping', () => {
    const routes: Route[] = [
      { screen: 'connect' },
      { screen: 'projects' },
      { screen: 'project', projectId: 'prj/with space?&#', view: 'board', filters: {} },
      {
        screen: 'project',
        projectId: 'p',
        view: 'table',
        filters: { page: '/pricing#faq', assignee: 'none', task: 'none', q: 'a/b?c#d' },
      },
    ];
    for (const route of routes) expect(parseRoute(routeToHash(route))).toEqual(route);
  });

  it('leaves the query out when there are no filters', () => {
    expect(routeToHash({ screen: 'project', projectId: 'p', view: 'board', filters: {} })).toBe('#/p/p/board');
  });

  it('reads garbage as no route, or keeps what it can', () => {
    expect(parseRoute('')).toBeNull();
    expect(parseRoute('#')).toBeNull();
    expect(parseRoute('#secret=abc')).toBeNull();
    expect(parseRoute('#/nowhere')).toBeNull();
    expect(parseRoute('#/p/')).toBeNull();
    expect(parseRoute('#/p/%E0%A4%A')).toBeNull();
    expect(parseRoute('#/p/x/y/z/w')).toBeNull();
    expect(parseRoute(`#/p/${'x'.repeat(500)}`)).toBeNull();
    // An unknown view falls back to the board; bad filter values are dropped, good ones kept.
    expect(parseRoute('#/p/prj_1/kanban?status=closed&type=bug&q=%')).toEqual({
      screen: 'project',
      projectId: 'prj_1',
      view: 'board',
      filters: { type: 'bug', q: '%' },
    });
    expect(parseRoute('#/p/prj_1')).toEqual({ screen: 'project', projectId: 'prj_1', view: 'board', filters: {} });
  });

  it('puts the report tab in the address and reads it back', () => {
    expect(routeToHash({ screen: 'reports', projectId: 'prj_1', tab: 'trends' })).toBe('#/p/prj_1/reports/trends');
    expect(parseRoute('#/p/prj_1/reports/trends')).toEqual({ screen: 'reports', projectId: 'prj_1', tab: 'trends' });
    expect(parseRoute('#/p/prj%2F1/reports/hotspots')).toEqual({
      screen: 'reports',
      projectId: 'prj/1',
      tab: 'hotspots',
    });
    for (const tab of ['whats-new', 'review', 'trends', 'decisions', 'hotspots'] as const) {
      expect(parseRoute(routeToHash({ screen: 'reports', projectId: 'p', tab }))).toEqual({
        screen: 'reports',
        projectId: 'p',
        tab,
      });
    }
  });

  it('still reads a reports address without a tab, and keeps the reports for an unknown tab', () => {
    expect(parseRoute('#/p/prj_1/reports')).toEqual({ screen: 'reports', projectId: 'prj_1' });
    expect(routeToHash({ screen: 'reports', projectId: 'prj_1' })).toBe('#/p/prj_1/reports');
    expect(parseRoute('#/p/prj_1/reports/nonsense')).toEqual({ screen: 'reports', projectId: 'prj_1' });
    // Only the reports take a fourth part.
    expect(parseRoute('#/p/prj_1/table/extra')).toBeNull();
  });
});
