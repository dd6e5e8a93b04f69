import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingSolidRenderer } from './support/png.js';
import { startServer, type Running } from './support/harness.js';
import { baseWorld, DAY, daysAgo, TOKENS } from './support/world.js';

let s: Running;
const renderer = countingSolidRenderer();
beforeAll(async () => {
  s = await startServer(baseWorld(), { renderPng: renderer.render });
});
afterAll(async () => {
  await s.close();
});

const FILE_URL = /^http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]{32}\.png$/;

describe('GET /api/v1/items/{itemId}', () => {
  it('returns every detail field of a stamped thread', async () => {
    const res = await s.get('/api/v1/items/it_1', TOKENS.owner);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      id: 'it_1',
      project: { id: 'p_web', name: 'Web', repo: { url: 'https://github.com/paid/web' } },
      page: '/checkout',
      url: 'https://web.example/checkout?step=2',
      pageTitle: 'Checkout',
      reportCount: 1,
      duplicateOf: null,
      linear: [
        {
          identifier: 'ENG-42',
          url: 'https://linear.app/paid/issue/ENG-42',
          delegateName: 'Claude',
          delegatedMode: 'fix',
        },
      ],
      type: 'bug',
      typeSource: 'manual',
      status: 'open',
      agentTask: 'fix',
      assignee: { id: 'u_collab', name: 'Cora Collab', mode: 'fix' },
      anchor: {
        selector: 'button.pay',
        elementText: 'Pay now',
        selectedText: null,
        stampId: 'st-42',
        stampKey: 'Checkout.tsx:42',
        viewport: { width: 390, height: 844, x: 12.5, y: 80 },
      },
      source: {
        file: 'src/checkout/PayButton.tsx',
        line: 42,
        build: 'abc1234',
        branch: 'main',
        component: 'PayButton',
      },
      sourcePath: {
        target: { component: 'PayButton', file: 'src/checkout/PayButton.tsx', line: 42, tag: 'button' },
        above: [{ component: 'CheckoutPage', file: 'src/checkout/Page.tsx', line: 10, tag: 'main' }],
        below: [{ depth: 1, tag: 'span', component: null, file: null, line: null, text: 'Pay now' }],
      },
      movedAt: null,
      sourceUrl: 'https://github.com/paid/web/blob/abc1234/src/checkout/PayButton.tsx#L42',
      evidence: { domContext: '<button class="pay">Pay now</button>', capturedAt: daysAgo(10), expired: false },
      reactions: [{ emoji: '👍', count: 3 }],
      createdAt: daysAgo(10),
      resolvedAt: null,
    });
    // Under the contract's names and the live service's, which its own agent client reads.
    expect(d.anchor).toMatchObject({ skyId: 'st-42', skyKey: 'Checkout.tsx:42' });
    expect(d.thread.root).toEqual({
      id: 'it_1',
      author: 'Olivia Owner',
      authorId: 'u_owner',
      content: 'The Pay button is misaligned on mobile',
      createdAt: daysAgo(10),
      editedAt: null,
    });
    expect(d.thread.replies).toEqual([
      {
        id: 'r_1a',
        author: 'Adam Admin',
        authorId: 'u_admin',
        content: 'Same on Safari, see screenshot',
        createdAt: daysAgo(9),
        editedAt: null,
      },
      {
        id: 'r_1b',
        author: 'Cora Collab',
        authorId: 'u_collab',
        content: 'Looking into it',
        createdAt: daysAgo(8),
        editedAt: daysAgo(7),
        via: 'claude',
      },
    ]);
    expect(d.evidence.screenshotUrl).toMatch(FILE_URL);
    expect(d.evidence.screenshotUrl.startsWith(s.baseUrl)).toBe(true);
    expect(d.attachments).toHaveLength(1);
    expect(d.attachments[0]).toMatchObject({ author: 'Adam Admin', where: 'reply' });
    expect(d.attachments[0].url).toMatch(FILE_URL);
    expect(d.attachments[0].url).not.toBe(d.evidence.screenshotUrl);
  });

  it('nulls the screenshot and page markup once the retention has passed, and omits stamp keys when unstamped', async () => {
    const res = await s.get('/api/v1/items/it_2', TOKENS.owner);
    expect(res.status).toBe(200);
    expect(res.body.evidence).toEqual({
      screenshotUrl: null,
      domContext: null,
      capturedAt: daysAgo(40),
      expired: true,
    });
    for (const key of ['stampId', 'stampKey', 'skyId', 'skyKey']) expect(key in res.body.anchor).toBe(false);
    expect(res.body).toMatchObject({
      source: null,
      sourcePath: null,
      sourceUrl: null,
      assignee: null,
      resolvedAt: daysAgo(1),
      status: 'resolved',
      linear: [],
      reactions: [],
      attachments: [],
    });
    expect(res.body.thread.replies).toEqual([]);
  });

  it('expires evidence as the clock moves past the retention', async () => {
    s.clock.advance(21 * DAY);
    try {
      const res = await s.get('/api/v1/items/it_1', TOKENS.owner);
      expect(res.body.evidence).toMatchObject({ expired: true, screenshotUrl: null, domContext: null });
    } finally {
      s.clock.advance(-21 * DAY);
    }
  });

  it('builds absolute file URLs from the listening address, never the Host the caller sent', async () => {
    const { port } = new URL(s.baseUrl);
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/items/it_1',
          headers: { host: 'feedback.example:8443', authorization: `Bearer ${TOKENS.owner}` },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body).evidence.screenshotUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/files/[0-9a-f]{32}\\.png$`),
    );
  });

  it('gives sourceUrl null when the project has no repository', async () => {
    const res = await s.get('/api/v1/items/it_d1', TOKENS.owner);
    expect(res.body.project.repo).toBeNull();
    expect(res.body.sourceUrl).toBeNull();
  });

  it('still reads a merged duplicate, with duplicateOf set', async () => {
    const res = await s.get('/api/v1/items/it_5', TOKENS.owner);
    expect(res.status).toBe(200);
    expect(res.body.duplicateOf).toBe('it_1');
  });

  it("refuses a reply's ID with 400 and the thread's ID in parentId", async () => {
    const res = await s.get('/api/v1/items/r_1a', TOKENS.collab);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'reply_id', parentId: 'it_1' });
    expect(res.body.error).toMatch(/r_1a is a reply/);
  });

  it('answers 404 alike for unknown, unreachable and archived items, replies included', async () => {
    const sentences = new Set<string>();
    for (const [id, token] of [
      ['nope', TOKENS.owner],
      ['it_solo', TOKENS.owner],
      ['it_old', TOKENS.owner],
      ['r_1a', TOKENS.solo],
    ] as const) {
      const res = await s.get(`/api/v1/items/${id}`, token);
      expect(res.status).toBe(404);
      sentences.add(res.body.error.replace(id, 'X'));
    }
    expect(sentences.size).toBe(1);
  });
});

describe('GET /files/<token>.png', () => {
  it('serves screenshots without a bearer token, rendered once then cached', async () => {
    const detail = await s.get('/api/v1/items/it_1', TOKENS.owner);
    const url: string = detail.body.evidence.screenshotUrl;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('private, max-age=86400');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const callsAfterFirst = renderer.calls.length;
    expect(renderer.calls.at(-1)).toMatchObject({
      seed: 1,
      width: 320,
      height: 200,
      element: { x: 0.1, y: 0.7, w: 0.3, h: 0.1 },
    });
    const second = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(second.equals(bytes)).toBe(true);
    expect(renderer.calls.length).toBe(callsAfterFirst);
    const attachment = await fetch(detail.body.attachments[0].url);
    expect(attachment.status).toBe(200);
    expect(renderer.calls.at(-1)).toMatchObject({ seed: 2 });
  });

  it('answers unknown and malformed addresses with 404 JSON', async () => {
    for (const path of [
      '/files/0123456789abcdef0123456789abcdef.png',
      '/files/not-a-token.png',
      '/files/../etc/passwd',
    ]) {
      const res = await s.get(path);
      expect(res.status).toBe(404);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('stops serving a screenshot once its retention has passed', async () => {
    const row = await s.db
      .selectFrom('items')
      .innerJoin('images', 'images.id', 'items.screenshot_image_id')
      .select('images.url_token')
      .where('items.id', '=', 'it_2')
      .executeTakeFirstOrThrow();
    const res = await s.get(`/files/${row.url_token}.png`);
    expect(res.status).toBe(404);
    expect(row.url_token).toMatch(/^[0-9a-f]{32}$/);
  });
});
