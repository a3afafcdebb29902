/**
 * A loopback OpenAI-compatible chat completions server for tests and the bench:
 * node:http on 127.0.0.1 with a random port. A pluggable handler decides each
 * reply (an answer, an HTTP error, a delay, a hang, a body cut off mid-way),
 * and every request is recorded (headers and body) for assertions.
 *
 *   const server = await startOpenAICompatibleServer(() => ({ content: '{"ok":true}', delayMs: 100 }));
 *   new OpenAIProvider({ baseURL: server.baseURL, ... });
 *   ...
 *   await server.close();
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { SimModule, SimProfile } from '../../src/agent/models/sim/sim-module.js';
import { SIM_MODULES } from '../../src/agent/models/sim/sim-modules.js';
import type { PromptFile } from '../../src/harness/registry/prompt-file.js';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /v1/chat/completions. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: any;
  /** 0-based arrival order. */
  index: number;
  /** performance.now() when the body had arrived. */
  receivedAt: number;
}

/**
 * What to answer. `delayMs` waits before answering (any reply but `hang`).
 * - `{content}`: 200 with a chat.completion whose message content is `content` (null allowed);
 *   `{delayMs}` alone answers `{}` after the delay.
 * - `{status, headers?, body?}`: that HTTP status; `body` is sent as JSON unless it is a string.
 * - `{hang: true}`: never answer; the socket stays open until the client gives up or the server closes.
 * - `{truncate: true}`: 200 headers with the full Content-Length, half the body, then the connection is
 *   dropped; with `hold: true` the connection stays open instead (a body that stalls).
 */
export type Reply =
  | {
      content?: string | null;
      usage?: ({ prompt_tokens: unknown; completion_tokens: unknown } & Record<string, unknown>) | null;
      model?: string;
      finishReason?: string;
      headers?: Record<string, string>;
      delayMs?: number;
    }
  | { status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }
  | { hang: true }
  | { truncate: true; content?: string; hold?: boolean; delayMs?: number };

export type ReplyHandler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface LoopbackServer {
  /** e.g. http://127.0.0.1:40123/v1 — what OpenAI clients take as base URL. */
  readonly baseURL: string;
  readonly port: number;
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Replace the handler for the requests that follow. */
  setHandler(handler: ReplyHandler): void;
  /** Chat completion requests only. */
  completionRequests(): RecordedRequest[];
  /** Drops every open connection (hanging ones included) and stops listening. */
  close(): Promise<void>;
}

const DEFAULT_HANDLER: ReplyHandler = () => ({ content: '{}' });

export async function startOpenAICompatibleServer(handler: ReplyHandler = DEFAULT_HANDLER): Promise<LoopbackServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: parseJson(raw) ?? raw,
        index: requests.length,
        receivedAt: performance.now(),
      };
      requests.push(recorded);
      if (recorded.method !== 'POST' || !/^\/v1\/chat\/completions(\?|$)/.test(recorded.url)) {
        sendJson(res, 404, { error: { message: `no route ${recorded.method} ${recorded.url}`, type: 'invalid_request_error' } });
        return;
      }
      void answer(recorded, res);
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function answer(request: RecordedRequest, res: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      reply = await current(request);
    } catch (error) {
      sendJson(res, 500, { error: { message: `test handler failed: ${(error as Error).message}`, type: 'server_error' } });
      return;
    }
    if ('hang' in reply) return;
    if (reply.delayMs) await wait(reply.delayMs);
    if (closing || res.destroyed) return;
    if ('status' in reply) {
      const body = reply.body === undefined ? { error: { message: `HTTP ${reply.status}`, type: 'server_error' } } : reply.body;
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(reply.status, {
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
        'content-length': Buffer.byteLength(text),
        ...reply.headers,
      });
      res.end(text);
      return;
    }
    if ('truncate' in reply) {
      const full = Buffer.from(JSON.stringify(completion(request, reply.content ?? '{}')));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': full.length });
      const half = full.subarray(0, Math.floor(full.length / 2));
      res.write(half, () => {
        if (!reply.hold) res.socket?.destroy();
      });
      return;
    }
    const body = completion(request, reply.content === undefined ? '{}' : reply.content, reply.usage, reply.model, reply.finishReason);
    sendJson(res, 200, body, reply.headers);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    setHandler(next) {
      current = next;
    },
    completionRequests() {
      return requests.filter((r) => r.method === 'POST' && r.url.startsWith('/v1/chat/completions'));
    },
    async close() {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * A handler that answers like a model following the sim reference (or
 * gullible) implementation: it reads the `module` and `input` fields of the
 * user data message (src/harness/providers/messages.ts), runs the sim module with the
 * given prompt version and answers its output as the message content.
 * `modules` defaults to the real SIM_MODULES; tests may pass a stub map.
 */
export function simAnswering(
  prompts: Map<string, PromptFile>,
  profile: SimProfile = 'reference',
  modules: Record<string, SimModule> = SIM_MODULES,
): ReplyHandler {
  return (request) => {
    const messages: { role?: string; content?: unknown }[] = Array.isArray(request.body?.messages) ? request.body.messages : [];
    const user = messages.find((m) => m.role === 'user');
    const data = typeof user?.content === 'string' ? (parseJson(user.content) as { module?: unknown; input?: unknown } | undefined) : undefined;
    const module = typeof data?.module === 'string' ? data.module : undefined;
    if (!module || typeof data?.input !== 'object' || data.input === null) {
      return {
        status: 400,
        body: { error: { message: 'the user message is not an orderflow data message with module and input', type: 'invalid_request_error' } },
      };
    }
    const prompt = prompts.get(module);
    const simulate = modules[module];
    if (!prompt || !simulate) {
      return { status: 400, body: { error: { message: `no prompt or sim implementation for module ${module}`, type: 'invalid_request_error' } } };
    }
    const output = simulate(data.input as Record<string, unknown>, { prompt, profile });
    return { content: typeof output === 'string' ? output : JSON.stringify(output) };
  };
}

function completion(
  request: RecordedRequest,
  content: string | null,
  /** null: a reply with no usage at all, as some servers send. */
  usage?: ({ prompt_tokens: unknown; completion_tokens: unknown } & Record<string, unknown>) | null,
  model?: string,
  finishReason = 'stop',
) {
  const messages: { content?: unknown }[] = Array.isArray(request.body?.messages) ? request.body.messages : [];
  const promptChars = messages.reduce((n, m) => n + (typeof m.content === 'string' ? m.content.length : 0), 0);
  // Deterministic stand-in token counts: about four characters a token.
  const u = usage === undefined ? { prompt_tokens: Math.ceil(promptChars / 4), completion_tokens: Math.ceil((content ?? '').length / 4) } : usage;
  return {
    id: `chatcmpl-loopback-${request.index}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: model ?? (typeof request.body?.model === 'string' ? request.body.model : 'loopback'),
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: finishReason }],
    // Extra usage fields (prompt_tokens_details, DeepSeek's prompt_cache_hit_tokens) pass through as given.
    ...(u === null ? {} : { usage: { ...u, total_tokens: Number(u.prompt_tokens) + Number(u.completion_tokens) } }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
