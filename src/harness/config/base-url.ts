/** What a base URL of the openai provider may be: http(s), and no credentials in it. */
import type { Problem } from '../base/errors.js';

export const CREDENTIALS_MESSAGE = 'a base URL must not carry credentials (user:password@); the key goes in OPENAI_API_KEY';

/** `http://u:p@host/v1` would fail every call as a network error, and put a secret in config: refused up front. */
export function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** The problem with a base URL given outside the config file (environment, flag), or undefined. */
export function baseUrlProblem(url: string, source: string): Problem | undefined {
  if (hasCredentials(url)) return { file: source, message: CREDENTIALS_MESSAGE, expected: 'http(s)://host[:port]/path', severity: 'error' };
  try {
    const { protocol } = new URL(url);
    if (protocol === 'http:' || protocol === 'https:') return undefined;
  } catch {
    // fall through
  }
  return { file: source, message: 'not an http(s) URL', expected: 'http(s)://host[:port]/path', severity: 'error' };
}
