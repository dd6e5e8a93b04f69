import { describe, expect, it } from 'vitest';
import {
  askableAddress,
  HOSTED_SERVICE,
  tokenProblem,
} from '../../../../src/renderer/features/connect/connect-model.js';

describe('the connect form’s own checks', () => {
  it('refuses a workspace key before any request, and lets personal tokens through', () => {
    expect(tokenProblem('sk_live_abc123')).toBe(
      'Workspace API keys no longer work: create a personal token under Account settings → API Keys.',
    );
    expect(tokenProblem('  sk_live_abc123 ')).not.toBeNull();
    expect(tokenProblem('sky_abc123')).toBeNull();
    expect(tokenProblem('demo-owner')).toBeNull();
  });

  it('asks about browser sign-in only for a whole http(s) address', () => {
    expect(askableAddress(HOSTED_SERVICE.baseUrl)).toBe('https://app.skyelight.ai/');
    expect(askableAddress(' http://127.0.0.1:4010 ')).toBe('http://127.0.0.1:4010/');
    for (const partial of ['', 'https://', 'app.skyelight.ai', 'ftp://x.example', 'https//x'])
      expect(askableAddress(partial), partial).toBeNull();
  });
});

describe('which field a failed connect is about', () => {
  it('the token for a refused token, the address for an address that is not the API or cannot be reached', async () => {
    const { fieldOfFailure } = await import('../../../../src/renderer/features/connect/connect-model.js');
    expect(fieldOfFailure({ kind: 'auth' })).toBe('token');
    for (const kind of ['network', 'not_found', 'bad_response']) expect(fieldOfFailure({ kind })).toBe('baseUrl');
    expect(fieldOfFailure({ kind: 'bad_request', reason: 'insecure_http' })).toBe('baseUrl');
    expect(fieldOfFailure({ kind: 'bad_request', field: 'token' })).toBe('token');
    expect(fieldOfFailure({ kind: 'keychain' })).toBeNull();
    expect(fieldOfFailure({ kind: 'billing' })).toBeNull();
  });
});
