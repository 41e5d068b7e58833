/** Real HTTP against a sandbox started on an ephemeral port, in memory. */
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../index.js';

type Auth =
  'header' | 'body' | 'limited' | 'none' | { header?: string; body?: Record<string, string> };

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  auth?: Auth;
  /** 'json' (default) or 'form' body encoding. */
  encoding?: 'json' | 'form';
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  text: string;
  // Bodies are loosely typed on purpose: the tests assert the upstream's exact wire shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export class SandboxClient {
  constructor(readonly sandbox: RunningSandbox) {}

  get url(): string {
    return this.sandbox.url;
  }

  bearer(key = this.sandbox.credentials.apiKey): string {
    return `Bearer ${this.sandbox.credentials.clientId}:${key}`;
  }

  bodyCredentials(key = this.sandbox.credentials.apiKey): Record<string, string> {
    return { clientID: this.sandbox.credentials.clientId, developerAPIKey: key };
  }

  /** Calls a legacy operation at /index.php/v3/<operation>. */
  op(
    operation: string,
    params: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<CallResult> {
    return this.request(`/index.php/v3/${operation}`, params, options);
  }

  async request(
    path: string,
    params: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<CallResult> {
    const method = options.method ?? 'POST';
    const auth = options.auth ?? 'header';
    const headers: Record<string, string> = { ...options.headers };
    let bodyParams: Record<string, unknown> = { ...params };
    if (auth === 'header') headers.authorization = this.bearer();
    else if (auth === 'limited')
      headers.authorization = this.bearer(this.sandbox.credentials.limitedApiKey);
    else if (auth === 'body') bodyParams = { ...bodyParams, ...this.bodyCredentials() };
    else if (typeof auth === 'object') {
      if (auth.header !== undefined) headers.authorization = auth.header;
      bodyParams = { ...bodyParams, ...auth.body };
    }
    const query = new URLSearchParams(options.query);
    let body: string | undefined;
    if (method === 'GET') {
      for (const [key, value] of Object.entries(bodyParams)) query.set(key, String(value));
    } else if (options.encoding === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(
        Object.entries(bodyParams).map(([k, v]) => [k, String(v)]),
      ).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(bodyParams);
    }
    const qs = query.toString();
    const response = await fetch(`${this.url}${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, text, body: parsed };
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${this.url}/__sandbox/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json();
  }
}

/** Starts one in-memory sandbox for the test file. */
export function useSandbox(options: SandboxOptions = {}): { client: SandboxClient } {
  const holder = {} as { client: SandboxClient };
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: null, ...options });
    holder.client = new SandboxClient(sandbox);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return holder;
}

/** Parses orderDetails whether it came as an array or as a string holding the array (§2.1). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function orderList(orderDetails: unknown): any[] {
  return typeof orderDetails === 'string' ? JSON.parse(orderDetails) : (orderDetails as unknown[]);
}
