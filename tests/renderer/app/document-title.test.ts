import { describe, expect, it } from 'vitest';
import { screenTitle } from '../../../src/renderer/app/document-title.js';

describe('the page title', () => {
  it('names the project and the screen, then the app', () => {
    const board = { name: 'board' as const, projectId: 'p1', projectName: 'Checkout app' };
    expect(screenTitle(board, '', 'board')).toBe('Checkout app — Board · Triage Desk');
    expect(screenTitle(board, '', 'table')).toBe('Checkout app — Table · Triage Desk');
    expect(screenTitle({ ...board, name: 'reports' }, '', 'board')).toBe('Checkout app — Reports · Triage Desk');
    expect(screenTitle({ ...board, name: 'dedupe' }, '', 'board')).toBe('Checkout app — Dedupe queue · Triage Desk');
  });

  it('uses the loaded name after a reload (the route has none), and names the other screens', () => {
    expect(screenTitle({ name: 'board', projectId: 'p1', projectName: '' }, 'Brand refresh', 'board')).toBe(
      'Brand refresh — Board · Triage Desk',
    );
    expect(screenTitle({ name: 'board', projectId: 'p1', projectName: '' }, '', 'board')).toBe(
      'Project — Board · Triage Desk',
    );
    expect(screenTitle({ name: 'projects' }, '', 'board')).toBe('Projects · Triage Desk');
    expect(screenTitle({ name: 'inbox' }, '', 'board')).toBe('For me · Triage Desk');
    expect(screenTitle({ name: 'connect' }, '', 'board')).toBe('Connections · Triage Desk');
    expect(screenTitle({ name: 'starting' }, '', 'board')).toBe('Triage Desk');
  });
});
