import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { FoundCredential } from '#shared/bridge/channels.js';

/**
 * Personal tokens the hosted service's own agent client keeps on this computer, in the
 * places it reads them (SKYELIGHT_API_URL / SKYELIGHT_API_TOKEN in the environment, then
 * ~/.skyelight/credentials as {"apiUrl", "token"}). The connect screen offers them; nothing
 * is used until the person says so, the token never leaves the main process, and the file is
 * only ever read: copying a token into the keychain leaves the file as it was.
 */
export const HOSTED_API_URL = 'https://app.skyelight.ai';
const CREDENTIALS_FILE = ['.skyelight', 'credentials'];

const FileShape = z.object({ apiUrl: z.string().trim().min(1).optional(), token: z.string().trim().min(1) });

interface FoundSecret extends FoundCredential {
  token: string;
}

interface FindOptions {
  env: NodeJS.ProcessEnv;
  home: string;
  readText?: (file: string) => Promise<string>;
}

/** sky_abcd…wxyz: enough to recognise a token, never enough to use it. */
export function maskToken(token: string): string {
  return token.length <= 12 ? `${token.slice(0, 4)}…` : `${token.slice(0, 8)}…${token.slice(-4)}`;
}

function describe(
  source: FoundCredential['source'],
  where: string,
  apiUrl: string | undefined,
  token: string,
): FoundSecret {
  const baseUrl = (apiUrl ?? HOSTED_API_URL).replace(/\/+$/, '');
  const unusable = token.startsWith('sk_live_')
    ? 'This is a workspace API key, and those no longer work: create a personal token under Account settings → API Keys.'
    : null;
  return { source, where, baseUrl, tokenHint: maskToken(token), unusable, token };
}

export async function findAgentClientCredentials(opts: FindOptions): Promise<FoundSecret[]> {
  const found: FoundSecret[] = [];
  const envToken = opts.env['SKYELIGHT_API_TOKEN']?.trim();
  if (envToken)
    found.push(
      describe(
        'environment',
        'the SKYELIGHT_API_TOKEN environment variable',
        opts.env['SKYELIGHT_API_URL']?.trim() || undefined,
        envToken,
      ),
    );
  const file = join(opts.home, ...CREDENTIALS_FILE);
  let text: string | null = null;
  try {
    text = await (opts.readText ?? ((f) => readFile(f, 'utf8')))(file);
  } catch {
    // No file: nothing to offer from it.
  }
  if (text !== null) {
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: said below as a file that holds no token.
    }
    const parsed = FileShape.safeParse(json);
    if (parsed.success) {
      const secret = describe('file', file, parsed.data.apiUrl, parsed.data.token);
      // The same token in both places is one offer.
      if (!found.some((f) => f.token === secret.token)) found.push(secret);
    } else {
      found.push({
        source: 'file',
        where: file,
        baseUrl: HOSTED_API_URL,
        tokenHint: '',
        unusable: `${file} is not what the agent client writes there ({"apiUrl": "…", "token": "sky_…"}), so there is no token to use from it. It was left as it is.`,
        token: '',
      });
    }
  }
  return found;
}
