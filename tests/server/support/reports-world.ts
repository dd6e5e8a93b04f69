import type { FixtureInput } from '../../../src/server/fixture/schema.js';
import { baseWorld, daysAgo } from './world.js';

type Item = NonNullable<FixtureInput['items']>[number];

/** The base world plus history (status, assign and type events, more replies, stamps) for the report endpoints. */
export function reportsWorld(): FixtureInput {
  const w = baseWorld();
  w.workspaces[0]!.instructions = 'Reply before resolving.';
  w.projects[0]!.context = 'The public web shop. Be kind to users.';
  const item = (id: string): Item => w.items!.find((i) => i.id === id)!;

  const it2 = item('it_2');
  it2.replies = [{ id: 'r_2a', authorId: 'u_collab', body: 'Shipped in v2', createdAt: daysAgo(2) }];
  it2.events = [{ kind: 'status', at: daysAgo(1), by: 'u_admin', from: 'open', to: 'resolved' }];
  it2.source = { file: 'src/checkout/PayButton.tsx', line: 50, build: 'abc1234', branch: 'main' };

  const it3 = item('it_3');
  it3.replies = [
    ...(it3.replies ?? []),
    { id: 'r_3b', authorId: 'u_owner', body: 'Revisit next quarter', createdAt: daysAgo(2) },
  ];
  it3.events = [{ kind: 'status', at: daysAgo(6), by: 'u_owner', from: 'open', to: 'deferred' }];
  it3.source = { file: 'src/pricing/Table.tsx', line: 10, build: 'abc1234', branch: 'main', component: 'PricingTable' };

  const it6 = item('it_6');
  it6.events = [
    { kind: 'type', at: daysAgo(3), by: null, from: null, to: 'feedback' },
    { kind: 'type', at: daysAgo(2), by: 'u_owner', from: 'feedback', to: 'bug' },
  ];
  it6.source = { file: 'src/pricing/Table.tsx', line: 80, build: 'abc1234', branch: 'main' };

  item('it_1').events = [{ kind: 'assign', at: daysAgo(9), by: 'u_owner', from: null, to: 'u_collab' }];
  return w;
}
