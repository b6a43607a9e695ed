/**
 * One small GET over node:http(s), for the registry look-up: Node's fetch loads and compiles
 * its HTTP client (undici) on first use, which costs more than the request itself.
 * Redirects are followed (a few), the whole exchange is bounded by one timeout (a
 * `TimeoutError`, as fetch's), and the body is read as text.
 */

import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';

// Loaded on the first request (node:https brings TLS): a run given --framework-version asks nothing.
let require: NodeJS.Require | undefined;

export interface HeaderLookup {
  get(name: string): string | null;
}

export interface SmallResponse {
  status: number;
  ok: boolean;
  headers: HeaderLookup;
  text: string;
}

const MAX_REDIRECTS = 3;

function headerLookup(message: IncomingMessage): HeaderLookup {
  return {
    get: (name) => {
      const value = message.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    },
  };
}

function once(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    require ??= createRequire(import.meta.url);
    const client = require(url.protocol === 'https:' ? 'node:https' : 'node:http') as typeof import('node:https');
    const request = client.get(url, { headers, signal }, resolve);
    request.on('error', reject);
  });
}

function readText(message: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    message.on('error', reject);
  });
}

/** GETs `url` with `headers`, within `timeoutMs` for the whole exchange. */
export async function httpGet(url: string, headers: Record<string, string>, timeoutMs: number): Promise<SmallResponse> {
  const controller = new AbortController();
  const timeout = Object.assign(new Error(`no answer in ${timeoutMs} ms`), { name: 'TimeoutError' });
  const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
  try {
    let target = new URL(url);
    for (let hop = 0; ; hop++) {
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`not an http(s) URL: ${target}`);
      const message = await once(target, headers, controller.signal);
      const location = message.headers.location;
      const status = message.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status) && location && hop < MAX_REDIRECTS) {
        message.resume();
        target = new URL(location, target);
        continue;
      }
      const text = await readText(message);
      return { status, ok: status >= 200 && status < 300, headers: headerLookup(message), text };
    }
  } catch (e) {
    throw controller.signal.aborted ? controller.signal.reason : e;
  } finally {
    clearTimeout(timer);
  }
}
