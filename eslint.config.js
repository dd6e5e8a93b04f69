import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const BRIDGE_ONLY = {
  group: ['electron', 'node:*', '../main/*', '../../main/*', '**/src/main/**', '**/server/**'],
  message: 'The renderer talks only through the bridge (src/renderer/bridge).',
};

const FEATURE_NOT_SHELL = {
  group: [
    '**/app/App.js',
    '**/app/AppHeader.js',
    '**/app/AppDialogs.js',
    '**/app/DialogHost.js',
    '**/app/menu-commands.js',
    '**/app/use-global-shortcuts.js',
    '**/app/use-url-sync.js',
  ],
  message:
    "A feature is shown by the app shell, not the other way round: from app/ it uses the use cases (app/use-cases/) and the shell's shared helpers only.",
};
const FEATURE_INTERNALS =
  "Another feature's sub-folders (model/, stores/, components/, …) are its own: use what it offers at its top level, or go through a use case in app/use-cases/.";

/** A folder of the renderer and what it may not import, besides Node and Electron. */
function rendererRoom(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [BRIDGE_ONLY, ...patterns] }] } };
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'var/**',
      'test-results/**',
      'playwright-report/**',
      '.reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The renderer is untrusted web content: it must never reach Node or Electron directly.
  // Its rooms (docs/architecture.md, "Renderer rooms") keep to their own imports; a file
  // matched by two of these entries gets the last one's list, so each room's list repeats
  // the bridge rule (rendererRoom adds it).
  rendererRoom(['src/renderer/**/*.{ts,tsx}'], []),
  rendererRoom(
    ['src/renderer/components/**/*.{ts,tsx}'],
    [
      {
        group: ['**/features/**', '**/server-state/**', '**/app/**'],
        message:
          'components/ is shared UI: it takes what it shows as props and may read app-wide client state (stores/), never a feature, server state or the app shell.',
      },
    ],
  ),
  rendererRoom(
    ['src/renderer/stores/**/*.ts', 'src/renderer/server-state/**/*.ts'],
    [
      {
        group: ['**/features/**', '**/components/**', '**/app/**'],
        message:
          'State (stores/, server-state/) knows nothing of the screens that show it: features and the app shell import state, never the other way round.',
      },
    ],
  ),
  rendererRoom(['src/renderer/features/**/*.{ts,tsx}'], [FEATURE_NOT_SHELL]),
  // A feature's top-level files are what other features may use; its sub-folders (model/,
  // stores/, components/, …) are its own. ('*' also matches '..', hence the negations that
  // let the renderer's other rooms through.)
  rendererRoom(
    ['src/renderer/features/*/*.{ts,tsx}'],
    [FEATURE_NOT_SHELL, { group: ['../*/*/**', '!../../**'], message: FEATURE_INTERNALS }],
  ),
  rendererRoom(
    ['src/renderer/features/*/*/**/*.{ts,tsx}'],
    [FEATURE_NOT_SHELL, { group: ['../../*/*/**', '!../../../**'], message: FEATURE_INTERNALS }],
  ),
  rendererRoom(
    ['src/renderer/format/**/*.ts', 'src/renderer/features/*/model/**/*.ts'],
    [
      {
        group: [
          'react',
          'react-dom',
          'react-dom/*',
          'zustand',
          '@tanstack/*',
          '../bridge/*',
          '../../../bridge/*',
          '**/server-state/**',
          '**/app/**',
          '!**/app/route.js',
          '**/features/**',
          '**/components/**',
          '**/*-store.js',
        ],
        message:
          "format/ and a feature's model/ are plain functions of their inputs: no React, state store, query or bridge (the route's plain shape, app/route.ts, excepted), so they run and test anywhere.",
      },
    ],
  ),
  {
    // Main-process services stay plain Node so vitest and the browser-mode gateway can run them.
    files: [
      'src/main/services/**/*.ts',
      'src/main/bridge/**/*.ts',
      'src/main/gateway/**/*.ts',
      'src/shared/**/*.ts',
      'src/server/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main/index.ts, src/main/electron/ and src/preload may import electron.',
            },
          ],
        },
      ],
    },
  },
);
