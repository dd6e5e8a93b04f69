// electron-vite's `?asset` imports (a file copied beside the built main script, by path).
/// <reference types="electron-vite/node" />
