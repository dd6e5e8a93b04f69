import type { Status } from '#shared/api/common.js';
import { routeToHash } from '../../../app/route.js';
import { TYPE_NONE, type Filters } from '../../../stores/filter-model.js';

/**
 * Where a chart bar leads: the project's table with the filters matching the bar, as an
 * address (`#/p/<id>/table?type=bug&status=open`), so a bar is a link like any other: it
 * works from the keyboard, opens in history, and Back returns to the report.
 */
export function workspaceHref(projectId: string, filters: Filters): string {
  return routeToHash({ screen: 'project', projectId, view: 'table', filters });
}

/** The type filter for a type key as reports carry it (null or the unclassified key: no type yet). */
function typeFilter(type: string | null): string {
  return type === null || type === '' || type === TYPE_NONE ? TYPE_NONE : type;
}

export function drillFilters(parts: { type?: string | null; status?: Status; page?: string }): Filters {
  const filters: Filters = {};
  if (parts.type !== undefined) filters.type = typeFilter(parts.type);
  if (parts.status) filters.status = parts.status;
  if (parts.page) filters.page = parts.page;
  return filters;
}

/** Follows a bar's address as a link would (the app follows the hash). */
export function followHref(href: string): void {
  window.location.hash = href;
}
