import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'var/**', 'test-results/**', 'playwright-report/**', '.reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
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
  {
    // The renderer is untrusted web content: it must never reach Node or Electron directly.
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['electron', 'node:*', '../main/*', '../../main/*', '**/src/main/**', '**/server/**'], message: 'The renderer talks only through the bridge (src/renderer/bridge).' }] }],
    },
  },
  {
    // Main-process services stay plain Node so vitest and the browser-mode gateway can run them.
    files: ['src/main/services/**/*.ts', 'src/main/bridge/**/*.ts', 'src/main/gateway/**/*.ts', 'src/shared/**/*.ts', 'src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only src/main/index.ts, src/main/electron/ and src/preload may import electron.' }] }],
    },
  },
);
