import { expect, type Page } from '@playwright/test';
import { api, openApp, signIn } from './support.js';

/** The undo specs act as the owner of Brand refresh, with the admin changing threads behind the owner's back. */
export const TOKEN = 'demo-owner';
export const OTHER = 'demo-admin';
export const PROJECT = 'Brand refresh';

export const statusOf = async (id: string) => (await api<{ status: string }>(TOKEN, `/items/${id}`)).status;

/** Opens the project list: signs in (as `workspaceLabel`) the first time, reopens the app after that. */
export function projectListOpener(workspaceLabel: string): (page: Page) => Promise<void> {
  let signedIn = false;
  return async (page) => {
    if (!signedIn) {
      await signIn(page, TOKEN, workspaceLabel);
      signedIn = true;
    } else {
      await openApp(page);
      await expect(page.getByTestId('project-list')).toBeVisible();
    }
  };
}
