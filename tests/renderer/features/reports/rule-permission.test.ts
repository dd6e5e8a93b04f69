import { describe, expect, it } from 'vitest';
import { ruleBlockedReason, rulePermission } from '../../../../src/renderer/features/reports/model/rule-permission.js';

describe('who may save rules', () => {
  const workspaces = [
    { id: 'w1', role: 'owner' as const, available: true },
    { id: 'w2', role: 'collaborator' as const, available: true },
    { id: 'w3', role: 'admin' as const, available: false },
  ];
  const projects = [
    { id: 'p1', workspace: { id: 'w1' } },
    { id: 'p2', workspace: { id: 'w2' } },
  ];
  it('follows the role in the workspace that holds the project', () => {
    expect(rulePermission(workspaces, projects, 'p1')).toEqual({ kind: 'allowed', role: 'owner' });
    expect(rulePermission(workspaces, projects, 'p2')).toEqual({ kind: 'denied', role: 'collaborator' });
    expect(rulePermission(workspaces, projects, 'p9').kind).toBe('unknown');
    // One usable workspace: that one, even without the project list.
    expect(rulePermission([{ id: 'w', role: 'admin', available: true }], null, 'p1')).toEqual({
      kind: 'allowed',
      role: 'admin',
    });
  });

  it('says why in words', () => {
    expect(ruleBlockedReason({ kind: 'allowed', role: 'owner' })).toBeNull();
    expect(ruleBlockedReason({ kind: 'denied', role: 'collaborator' })).toBe(
      'Only workspace owners and admins can save rules; you are a collaborator.',
    );
    expect(ruleBlockedReason({ kind: 'denied', role: 'reviewer' })).toBe(
      'Only workspace owners and admins can save rules; you are a reviewer.',
    );
    expect(ruleBlockedReason({ kind: 'denied', role: null })).toMatch(/service says your role/);
    expect(ruleBlockedReason({ kind: 'checking' })).toMatch(/Checking/);
  });
});
