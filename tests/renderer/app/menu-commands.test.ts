// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asBridge, fakeBridge, type FakeBridge } from '../support/fake-bridge.js';
import { runMenuCommand } from '../../../src/renderer/app/menu-commands.js';
import { useNavigation } from '../../../src/renderer/stores/navigation-store.js';
import { useDialogs } from '../../../src/renderer/stores/dialogs-store.js';
import { useNotice } from '../../../src/renderer/stores/notice-store.js';
import { useSession } from '../../../src/renderer/stores/session-store.js';
import { useThread } from '../../../src/renderer/stores/thread-store.js';
import { useWorkspace } from '../../../src/renderer/stores/workspace-store.js';
import type { ConnectResult } from '#shared/bridge/channels.js';

let bridge: FakeBridge;
vi.mock('../../../src/renderer/bridge/index.js', () => ({ getBridge: () => asBridge(bridge) }));

const notice = () => useNotice.getState().notice?.text ?? null;

beforeEach(() => {
  bridge = fakeBridge();
  useNotice.setState({ notice: null });
  useDialogs.setState({ dialog: null });
  useThread.setState({ itemId: null, item: null });
  useSession.setState({ active: { connection: { id: 'c1' } } as ConnectResult });
  useNavigation.setState({ screen: { name: 'projects' } });
});

describe('native menu commands in the page', () => {
  it('go to the inbox, the projects and the connections', () => {
    runMenuCommand('go.inbox');
    expect(useNavigation.getState().screen).toEqual({ name: 'inbox' });
    runMenuCommand('go.projects');
    expect(useNavigation.getState().screen).toEqual({ name: 'projects' });
    runMenuCommand('go.connections');
    expect(useNavigation.getState().screen).toEqual({ name: 'connect' });
  });

  it('say why when there is no connection or no project', () => {
    useSession.setState({ active: null });
    runMenuCommand('go.inbox');
    expect(notice()).toMatch(/Connect first/);
    runMenuCommand('go.reports');
    expect(notice()).toMatch(/Open a project first/);
    runMenuCommand('thread.create');
    expect(notice()).toMatch(/Open a project first/);
    expect(useDialogs.getState().dialog).toBeNull();
  });

  it('switch between a project’s sections', () => {
    useNavigation.setState({ screen: { name: 'board', projectId: 'prj_1', projectName: 'Checkout app' } });
    runMenuCommand('go.reports');
    expect(useNavigation.getState().screen).toEqual({
      name: 'reports',
      projectId: 'prj_1',
      projectName: 'Checkout app',
    });
    runMenuCommand('go.dedupe');
    expect(useNavigation.getState().screen).toEqual({
      name: 'dedupe',
      projectId: 'prj_1',
      projectName: 'Checkout app',
    });
  });

  it('switch the workspace between its four views, from a project’s other sections too', () => {
    useNavigation.setState({ screen: { name: 'board', projectId: 'prj_1', projectName: 'Checkout app' } });
    runMenuCommand('view.elements');
    expect(useWorkspace.getState().view).toBe('elements');
    runMenuCommand('view.table');
    expect(useWorkspace.getState().view).toBe('table');
    useNavigation.setState({ screen: { name: 'reports', projectId: 'prj_1', projectName: 'Checkout app' } });
    runMenuCommand('view.evidence');
    expect(useNavigation.getState().screen).toEqual({ name: 'board', projectId: 'prj_1', projectName: 'Checkout app' });
    expect(useWorkspace.getState().view).toBe('evidence');
    runMenuCommand('view.board');
    expect(useWorkspace.getState().view).toBe('board');
  });

  it('toggle the palette and show the shortcuts', () => {
    runMenuCommand('palette.open');
    expect(useDialogs.getState().dialog).toEqual({ kind: 'palette' });
    runMenuCommand('palette.open');
    expect(useDialogs.getState().dialog).toBeNull();
    runMenuCommand('shortcuts.show');
    expect(useDialogs.getState().dialog).toEqual({ kind: 'shortcuts' });
  });

  it('copy the open thread’s link, or say there is none', async () => {
    runMenuCommand('thread.copyLink');
    expect(notice()).toMatch(/Open a thread first/);
    bridge.shell.copyText.mockImplementation(async () => ({ ok: true, data: null }));
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:4011', pathname: '/' } });
    try {
      useThread.setState({ itemId: 'itm_7' });
      runMenuCommand('thread.copyLink');
      await vi.waitFor(() => expect(bridge.shell.copyText).toHaveBeenCalled());
    } finally {
      vi.unstubAllGlobals();
    }
    // The fake bridge is in browser mode: the link is this page's own #/item/ address.
    expect(bridge.shell.copyText.mock.calls[0]![0]).toBe('http://127.0.0.1:4011/#/item/itm_7');
  });
});
