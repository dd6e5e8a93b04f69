export const WORKSPACES = {
  workspaces: [
    {
      id: 'ws1',
      name: 'Acme',
      slug: 'acme',
      role: 'collaborator',
      projectCount: 2,
      available: true,
      unavailableReason: null,
      unavailableKind: null,
    },
  ],
  total: 1,
  you: { id: 'u1', name: 'Ada Lovelace' },
};

export const STATUS_OK = { status: 'resolved', changed: true };

export const BILLING_NO_SEAT = {
  error: 'Reviewers cannot use agent tools.',
  kind: 'billing_limit',
  feature: 'agent_tools',
  reason: 'no_seat',
  message: 'Reviewers cannot use agent tools.',
  limit: null,
  used: null,
};

export const BILLING_NO_PLAN = {
  ...BILLING_NO_SEAT,
  reason: 'no_plan',
  error: 'Your plan does not include agent tools.',
  message: 'Your plan does not include agent tools.',
};
