import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingErrorBody, ENDPOINT_NAMES, ENDPOINTS, ErrorBody, type EndpointName } from '#shared/api/index.js';
import { startServer, type Res, type Running } from './support/harness.js';
import { send, validRequest, type Target } from './support/requests.js';
import { baseWorld, thread, TOKENS } from './support/world.js';

/**
 * Who may call what: every persona against every endpoint, one row each. Each request is
 * well formed and aimed at the persona's workspace, so the only thing that decides the
 * answer is who is calling and where (spec "Authentication" and "Multi-workspace behavior").
 */

/** What a row expects back. */
type Outcome =
  | 'ok' // 200, body as the endpoint's response schema says
  | 'role' // 403 {error, reason: 'role', role}: save_rule needs an owner or admin
  | 'no_seat' // 403 billing body, reason no_seat (reviewer)
  | 'no_plan' // 403 billing body, reason no_plan (plan without agent tools)
  | 'no_workspace' // 403 {error} only: the account is in no workspace
  | 'unauthorized'; // 401 {error} + WWW-Authenticate

const target = (workspaceId: string, projectId: string, itemId: string, duplicateId: string, site: string): Target => ({
  workspaceId,
  projectId,
  itemId,
  keepId: itemId,
  duplicateId,
  url: `${site}/from-the-matrix`,
  assignee: 'me',
});

const MAIN = target('ws_main', 'p_web', 'it_4', 'it_dup_web', 'https://web.example');
const SIDE = target('ws_side', 'p_side', 'it_side', 'it_dup_side', 'https://side.example');
const LABS = target('ws_labs', 'p_labs', 'it_labs', 'it_dup_labs', 'https://labs.example');
const FREE = target('ws_free', 'p_free', 'it_free', 'it_dup_free', 'https://free.example');

interface Persona {
  name: string;
  token: string | null;
  target: Target;
  outcome: Outcome;
  /** Endpoints where this persona gets something else. */
  except?: Partial<Record<EndpointName, Outcome>>;
}

const PERSONAS: Persona[] = [
  { name: 'owner', token: TOKENS.owner, target: MAIN, outcome: 'ok' },
  { name: 'admin', token: TOKENS.admin, target: MAIN, outcome: 'ok' },
  { name: 'collaborator', token: TOKENS.collab, target: MAIN, outcome: 'ok', except: { saveRule: 'role' } },
  { name: 'reviewer', token: TOKENS.reviewer, target: MAIN, outcome: 'no_seat' },
  { name: 'free plan owner', token: TOKENS.free, target: FREE, outcome: 'no_plan' },
  { name: 'multi, allowed workspace as owner', token: TOKENS.multi, target: SIDE, outcome: 'ok' },
  {
    name: 'multi, allowed workspace as collaborator',
    token: TOKENS.multi,
    target: MAIN,
    outcome: 'ok',
    except: { saveRule: 'role' },
  },
  // Multi-workspace rule 2: a call aimed at a blocked workspace is refused with its reason;
  // the listing aims at no workspace and succeeds (rule 1).
  {
    name: 'multi, blocked workspace (reviewer seat)',
    token: TOKENS.multi,
    target: LABS,
    outcome: 'no_seat',
    except: { listWorkspaces: 'ok' },
  },
  {
    name: 'multi, blocked workspace (free plan)',
    token: TOKENS.multi,
    target: FREE,
    outcome: 'no_plan',
    except: { listWorkspaces: 'ok' },
  },
  { name: 'no workspace at all', token: TOKENS.lonely, target: MAIN, outcome: 'no_workspace' },
  { name: 'expired token', token: TOKENS.expired, target: MAIN, outcome: 'unauthorized' },
  { name: 'revoked token', token: TOKENS.revoked, target: MAIN, outcome: 'unauthorized' },
  { name: 'no token', token: null, target: MAIN, outcome: 'unauthorized' },
];

const ROWS = PERSONAS.flatMap((p) => ENDPOINT_NAMES.map((e) => [p.name, e, p.except?.[e] ?? p.outcome, p] as const));

function matrixWorld() {
  const w = baseWorld();
  // An already merged duplicate per workspace: merging it again is a valid call that changes nothing.
  w.items!.push(
    thread('it_dup_web', 'p_web', { url: 'https://web.example/checkout', duplicateOf: 'it_4' }),
    thread('it_dup_side', 'p_side', { url: 'https://side.example/', duplicateOf: 'it_side', authorId: 'u_multi' }),
    thread('it_dup_labs', 'p_labs', { url: 'https://labs.example/', duplicateOf: 'it_labs' }),
    thread('it_dup_free', 'p_free', { url: 'https://free.example/', duplicateOf: 'it_free', authorId: 'u_free' }),
  );
  return w;
}

function expectOutcome(res: Res, name: EndpointName, outcome: Outcome): void {
  const context = JSON.stringify(res.body);
  switch (outcome) {
    case 'ok':
      expect(res.status, context).toBe(200);
      expect(ENDPOINTS[name].response.safeParse(res.body).success, context).toBe(true);
      return;
    case 'role':
      expect(res.status, context).toBe(403);
      expect(res.body).toMatchObject({
        error: expect.stringMatching(/owners and admins/),
        reason: 'role',
        role: 'collaborator',
      });
      expect(res.body.kind).toBeUndefined();
      return;
    case 'no_seat':
    case 'no_plan':
      expect(res.status, context).toBe(403);
      expect(BillingErrorBody.safeParse(res.body).success, context).toBe(true);
      expect(res.body).toMatchObject({
        kind: 'billing_limit',
        feature: 'agent_tools',
        reason: outcome,
        limit: null,
        used: null,
      });
      expect(res.body.message).toBe(res.body.error);
      return;
    case 'no_workspace':
      expect(res.status, context).toBe(403);
      expect(ErrorBody.safeParse(res.body).success).toBe(true);
      expect(res.body.error).toMatch(/not a member of any workspace/);
      expect(res.body.kind).toBeUndefined();
      expect(res.body.reason).toBeUndefined();
      return;
    case 'unauthorized':
      expect(res.status, context).toBe(401);
      expect(ErrorBody.safeParse(res.body).success).toBe(true);
      // A bad token names the error; no token at all gets the bare challenge (RFC 6750 §3.1).
      expect(res.headers.get('www-authenticate')).toMatch(
        /^Bearer realm="feedback"(, error="invalid_token", error_description="[^"]+")?$/,
      );
      return;
  }
}

let s: Running;
beforeAll(async () => {
  // Every persona includes bad tokens; the per-address limit on them has its own test (hardening.test.ts).
  s = await startServer(matrixWorld(), { authFailureLimit: { perMinute: 1_000_000, burst: 1_000_000 } });
});
afterAll(async () => {
  await s.close();
});

describe('access matrix: every persona × every endpoint', () => {
  it('covers 16 endpoints for each of the personas', () => {
    expect(ROWS).toHaveLength(PERSONAS.length * 16);
  });

  it.each(ROWS)('%s → %s: %s', async (_persona, endpoint, outcome, persona) => {
    const res = await send(s, validRequest(endpoint, persona.target, persona.name.replace(/\W+/g, '-')), persona.token);
    expectOutcome(res, endpoint, outcome);
  });
});

describe('what the allowed rows did', () => {
  it('acted in the targeted workspace, as the caller', async () => {
    // The multi caller's reply and thread landed in Side, posted as Mia; the blocked calls wrote nothing.
    const side = await s.get('/api/v1/items?projectId=p_side', TOKENS.multi);
    expect(side.body.items.map((i: { excerpt: string }) => i.excerpt)).toContain(
      'New thread from multi-allowed-workspace-as-owner',
    );
    const labs = await s.get('/api/v1/items/it_labs', TOKENS.owner);
    expect(labs.body.thread.replies).toEqual([]);
    const free = await s.get('/api/v1/items/it_free', TOKENS.multi);
    expect(free.status).toBe(403);
    const web = await s.get('/api/v1/items/it_4', TOKENS.owner);
    expect(web.body.thread.replies.map((r: { author: string }) => r.author)).toEqual([
      'Olivia Owner',
      'Adam Admin',
      'Cora Collab',
      'Mia Multi',
    ]);
  });
});
