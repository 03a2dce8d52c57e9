import WebSocket from 'ws';

export interface SeqEvent {
  readonly seq: number;
  readonly event: { readonly type: string; readonly [k: string]: unknown };
}

/** A server frame as received (asyncapi.yaml); `bytes` is the size of the WebSocket message. */
export interface Frame {
  readonly type: string;
  readonly requestId?: string;
  readonly tableId?: string;
  readonly version?: number;
  readonly events?: readonly SeqEvent[];
  readonly view?: View;
  readonly next?: number | null;
  readonly code?: string;
  readonly status?: number;
  readonly field?: string;
  readonly after?: number;
  readonly [k: string]: unknown;
}

export interface View {
  readonly dealNo: number;
  readonly closed: boolean;
  readonly legalActions: readonly Record<string, unknown>[];
  readonly deal: {
    readonly no: number;
    readonly toAct: readonly number[];
    readonly hands: readonly (readonly string[] | null)[];
    readonly over?: boolean;
  } | null;
  readonly [k: string]: unknown;
}

/** Refused at connect: the HTTP status and body API Gateway (here: the local emulation) answered. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly contentType: string | undefined,
  ) {
    super(`refused with ${status}`);
  }
}

/**
 * A real WebSocket client that behaves like a careful app: it applies events strictly in seq order, drops seqs it
 * already holds, and on a gap asks the server to `resync` from its last seq. Every received message is kept (with
 * its size) so tests can inspect exactly what reached the client.
 */
export class WsClient {
  readonly frames: (Frame & { readonly bytes: number })[] = [];
  /** Events applied, in order, without gaps or duplicates (the client's event log). */
  readonly applied: SeqEvent[] = [];
  lastSeq = 0;
  /** The newest view and the version it belongs to. */
  view: View | undefined;
  viewVersion = -1;
  duplicatesDropped = 0;
  gapsSeen = 0;
  /** Test hook: ignore the next N `events` frames (a lost message). */
  dropNextEventFrames = 0;
  closed: { code: number; reason: string } | undefined;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];
  private counter = 0;
  private resyncing = false;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: WebSocket.RawData) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
      const frame = JSON.parse(text) as Frame;
      this.frames.push({ ...frame, bytes: Buffer.byteLength(text) });
      this.onFrame(frame);
      this.wake();
    });
    socket.on('close', (code: number, reason: Buffer) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  /** Connect to `url` (…/ws) for a table; the token goes in the query string or, with `header`, as a bearer header. */
  static connect(
    url: string,
    opts: { tableId?: string; token?: string; header?: boolean; headers?: Record<string, string> } = {},
  ): Promise<WsClient> {
    const q = new URLSearchParams();
    if (opts.tableId !== undefined) q.set('tableId', opts.tableId);
    if (opts.token !== undefined && opts.header !== true) q.set('token', opts.token);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token !== undefined && opts.header === true) headers.authorization = `Bearer ${opts.token}`;
    const socket = new WebSocket(`${url}?${q.toString()}`, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new WsClient(socket)));
      socket.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => reject(new Refused(res.statusCode ?? 0, body, res.headers['content-type'])));
      });
      socket.once('error', (e) => reject(e));
    });
  }

  send(message: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Send a message with a fresh requestId and resolve with its final reply frame (error, result, last page, …). */
  async request(message: Record<string, unknown>): Promise<Frame> {
    const requestId = `r${++this.counter}`;
    this.send({ ...message, requestId });
    const paged = message.action === 'resync' || (message.action === 'subscribe' && message.after !== undefined);
    const final = (f: Frame): boolean =>
      f.requestId === requestId &&
      (f.type === 'error' ||
        (paged
          ? f.type === 'events' && f.next !== undefined
          : message.action !== 'subscribe' || f.type === 'subscribed'));
    await this.until(() => this.frames.some(final));
    return this.frames.find(final)!;
  }

  /** Resolves once `test()` holds (checked on every frame and on close); no timers. */
  until(test: () => boolean): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** Wait until the client holds every event up to `version` (and a view at least that new). */
  caughtUp(version: number): Promise<void> {
    return this.until(() => this.lastSeq >= version && this.viewVersion >= version);
  }

  close(): Promise<void> {
    if (this.closed !== undefined) return Promise.resolve();
    const closed = this.until(() => this.closed !== undefined);
    this.socket.close(1000, 'bye');
    return closed;
  }

  private wake(): void {
    const ready = this.waiters.filter((w) => w.test());
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  }

  private onFrame(frame: Frame): void {
    switch (frame.type) {
      case 'subscribed':
      case 'view':
        if (frame.view !== undefined && (frame.version ?? -1) >= this.viewVersion) {
          this.view = frame.view;
          this.viewVersion = frame.version ?? -1;
        }
        return;
      case 'events': {
        if (frame.requestId === undefined && this.dropNextEventFrames > 0) {
          this.dropNextEventFrames--;
          return;
        }
        let gap = false;
        for (const e of frame.events ?? []) {
          if (e.seq <= this.lastSeq) this.duplicatesDropped++;
          else if (e.seq === this.lastSeq + 1) {
            this.applied.push(e);
            this.lastSeq = e.seq;
          } else gap = true;
        }
        if (frame.view !== undefined && (frame.version ?? -1) >= this.viewVersion) {
          this.view = frame.view;
          this.viewVersion = frame.version ?? -1;
        }
        if (frame.next !== undefined) {
          // The last page of a catch-up: continue from where it ended, or fetch the view it did not carry.
          if (frame.next !== null) {
            this.send({ action: 'resync', after: this.lastSeq, requestId: `auto${++this.counter}` });
            return;
          }
          this.resyncing = false;
          if (this.viewVersion < this.lastSeq) this.send({ action: 'view', requestId: `auto${++this.counter}` });
          return;
        }
        if (gap) this.resync();
        return;
      }
      case 'resync_needed':
        this.resync();
        return;
      default:
        return;
    }
  }

  private resync(): void {
    if (this.resyncing) return;
    this.gapsSeen++;
    this.resyncing = true;
    this.send({ action: 'resync', after: this.lastSeq, requestId: `auto${++this.counter}` });
  }
}
