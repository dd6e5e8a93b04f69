import type { CreateBody, CreateResponse } from '#shared/api/index.js';
import type { Db } from '../storage/open.js';
import { recordEvent } from '../storage/items.js';
import { lockPerson, touchProject } from '../storage/projects.js';
import { countRecentItemsBy, insertItem, insertMessage } from '../storage/writes.js';
import type { Caller } from './caller.js';
import { badRequest } from './errors.js';
import { newId } from './ids.js';
import { notify } from './notify.js';
import { pagePathOf } from './pages.js';
import { PeopleDirectory, withMentions } from './people.js';
import { resolveProject } from './resolve.js';
import { writeInProject } from './snapshot.js';

/**
 * The web app's per-person thread creation limits (values not in the contract; ours are
 * documented in docs/api-decisions.md). They count every thread the person started.
 */
const CREATION_LIMITS = [
  { windowMs: 10 * 60_000, max: 20, label: '20 threads per 10 minutes' },
  { windowMs: 24 * 3_600_000, max: 200, label: '200 threads per day' },
] as const;

function sameSite(url: string, siteUrl: string): boolean {
  try {
    return new URL(url).host.toLowerCase() === new URL(siteUrl).host.toLowerCase();
  } catch {
    return false;
  }
}

async function refuseOverCreationLimit(db: Db, userId: string, now: number): Promise<void> {
  for (const limit of CREATION_LIMITS) {
    if ((await countRecentItemsBy(db, userId, now - limit.windowMs)) >= limit.max) {
      throw badRequest(`You reached the thread creation limit of ${limit.label}; try again later.`, {
        reason: 'creation_limit',
        limit: limit.max,
        windowMs: limit.windowMs,
      });
    }
  }
}

export async function createItem(db: Db, caller: Caller, body: CreateBody, now: number): Promise<CreateResponse> {
  const { project, workspace } = await resolveProject(db, caller, body.projectId);
  if (!sameSite(body.url, project.siteUrl)) {
    throw badRequest(`url must be a page of ${project.siteUrl}, the site of project "${project.name}".`, {
      reason: 'invalid_request',
      field: 'url',
    });
  }
  const people = await PeopleDirectory.load(db, caller, workspace);
  const mentioned = people.resolveAll(body.mentions, 'mentions');
  const assignee = body.assignee !== undefined ? people.resolve(body.assignee, 'assignee') : null;
  const id = newId('itm');
  const page = pagePathOf(body.url);
  await writeInProject(
    db,
    project.id,
    async (t) => {
      // Counted inside the write, with the person's row locked: creates racing on several
      // connections or instances see each other, so N of them never make N times the limit.
      await lockPerson(t, caller.userId);
      await refuseOverCreationLimit(t, caller.userId, now);
      await insertItem(t, {
        id,
        project_id: project.id,
        url: body.url,
        page,
        page_title: body.pageTitle ?? '',
        // No model classifies threads here: new ones start as feedback and people retype them.
        type: 'feedback',
        type_source: 'default',
        status: 'open',
        resolved_at: null,
        agent_task: null,
        assignee_id: assignee?.id ?? null,
        assignee_mode: null,
        summary: null,
        duplicate_of: null,
        author_id: caller.userId,
        created_at: now,
        selector: body.selector ?? null,
        element_text: null,
        selected_text: null,
        stamp_id: null,
        stamp_key: null,
        viewport_json: JSON.stringify({ width: 0, height: 0, x: 0, y: 0 }),
        source_file: null,
        source_line: null,
        source_build: null,
        source_branch: null,
        source_component: null,
        source_path_json: null,
        moved_at: null,
        screenshot_image_id: null,
        dom_context: null,
        captured_at: now,
      });
      await insertMessage(
        t,
        {
          id,
          item_id: id,
          is_root: 1,
          position: 0,
          author_id: caller.userId,
          body: withMentions(body.body, mentioned),
          created_at: now,
          edited_at: null,
          via: 'api',
        },
        mentioned.map((m) => m.id),
      );
      if (assignee)
        await recordEvent(t, { itemId: id, kind: 'assign', at: now, by: caller.userId, from: null, to: assignee.id });
      await touchProject(t, project.id, now);
      await notify(
        t,
        mentioned.map((m) => m.id),
        { kind: 'mention', itemId: id, messageId: id, actorId: caller.userId, at: now },
      );
      await notify(t, [assignee?.id ?? null], {
        kind: 'assign',
        itemId: id,
        messageId: null,
        actorId: caller.userId,
        at: now,
      });
    },
    { kind: 'threads', ids: [id] },
  );
  return {
    pinId: id,
    postedAs: caller.userName,
    assignedTo: assignee?.name ?? null,
    mentioned: mentioned.map((m) => m.name),
    page,
  };
}
