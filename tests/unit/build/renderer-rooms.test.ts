import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The renderer's rooms are kept by lint (eslint.config.js): each case is a line of code in a
 * file of one room, linted with the project's own configuration.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function refusal(file: string, code: string): Promise<string | null> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: file });
  const message = result?.messages.find((m) => m.ruleId === 'no-restricted-imports');
  return message?.message ?? null;
}

describe('renderer rooms', () => {
  it.each([
    ['src/renderer/components/Probe.tsx', "import { x } from '../features/board/BoardView.js';", /components\/ is shared UI/],
    ['src/renderer/components/Probe.tsx', "import { x } from '../server-state/project-members.js';", /components\/ is shared UI/],
    ['src/renderer/stores/probe-store.ts', "import { x } from '../features/undo/UndoToast.js';", /knows nothing of the screens/],
    ['src/renderer/server-state/probe.ts', "import { x } from '../app/use-cases/workspace.js';", /knows nothing of the screens/],
    ['src/renderer/format/probe.ts', "import { x } from 'react';", /plain functions of their inputs/],
    ['src/renderer/format/probe.ts', "import { x } from '../bridge/index.js';", /plain functions of their inputs/],
    ['src/renderer/features/reports/model/probe.ts', "import { x } from '../../../stores/session-store.js';", /plain functions of their inputs/],
    ['src/renderer/features/board/Probe.tsx', "import { x } from '../../app/menu-commands.js';", /use cases/],
    ['src/renderer/features/board/Probe.tsx', "import { x } from 'electron';", /only through the bridge/],
    ['src/renderer/components/Probe.tsx', "import { x } from 'node:fs';", /only through the bridge/],
    ['src/renderer/features/board/Probe.tsx', "import { x } from '../reports/model/probe.js';", /sub-folders .* are its own/],
    ['src/renderer/features/reports/components/Probe.tsx', "import { x } from '../../board/parts/probe.js';", /sub-folders .* are its own/],
  ])('%s may not import: %s', async (file, code, why) => {
    expect(await refusal(file, code)).toMatch(why);
  });

  it.each([
    ['src/renderer/components/Probe.tsx', "import { x } from '../stores/notice-store.js';"],
    ['src/renderer/features/board/Probe.tsx', "import { x } from '../../app/use-cases/workspace.js';"],
    ['src/renderer/features/board/Probe.tsx', "import { x } from '../../server-state/project-members.js';"],
    ['src/renderer/format/probe.ts', "import { x } from '#shared/bridge/errors.js';"],
    ['src/renderer/features/reports/model/probe.ts', "import { x } from '../../../app/route.js';"],
    ['src/renderer/app/use-cases/probe.ts', "import { x } from '../../stores/bulk-store.js';"],
    ['src/renderer/features/board/Probe.tsx', "import { x } from '../workspace/selection.js';"],
    ['src/renderer/features/board/Probe.tsx', "import { x } from '../../stores/notice-store.js';"],
    ['src/renderer/features/reports/components/Probe.tsx', "import { x } from '../model/probe.js';"],
    ['src/renderer/features/reports/components/Probe.tsx', "import { x } from '../../../stores/session-store.js';"],
  ])('%s may import: %s', async (file, code) => {
    expect(await refusal(file, code)).toBeNull();
  });
});
