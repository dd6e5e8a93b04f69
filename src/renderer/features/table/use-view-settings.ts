import { useCallback, useEffect, useState } from 'react';
import { type SettingsStorage, type TableViewSettings, loadViewSettings, saveViewSettings } from './view-settings.js';

/** localStorage can be missing (tests, server rendering) or throw on access (storage disabled). */
function browserStorage(): SettingsStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

interface Held {
  projectId: string;
  settings: TableViewSettings;
  /** Only choices the user made are written, so merely viewing a project leaves storage alone. */
  changed: boolean;
}

/**
 * The per-project column visibility, order and sorting, loaded from and saved to localStorage.
 * Switching project swaps to that project's saved view during the same render, so the
 * previous project's columns never flash.
 */
export function useViewSettings(
  projectId: string,
): [TableViewSettings, (update: (prev: TableViewSettings) => TableViewSettings) => void] {
  const [held, setHeld] = useState<Held>(() => ({
    projectId,
    settings: loadViewSettings(browserStorage(), projectId),
    changed: false,
  }));

  let current = held;
  if (held.projectId !== projectId) {
    current = { projectId, settings: loadViewSettings(browserStorage(), projectId), changed: false };
    setHeld(current);
  }

  useEffect(() => {
    if (held.changed) saveViewSettings(browserStorage(), held.projectId, held.settings);
  }, [held]);

  const update = useCallback((fn: (prev: TableViewSettings) => TableViewSettings) => {
    setHeld((prev) => {
      const settings = fn(prev.settings);
      return settings === prev.settings ? prev : { ...prev, settings, changed: true };
    });
  }, []);

  return [current.settings, update];
}
