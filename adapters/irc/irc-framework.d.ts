// The part of irc-framework (a CommonJS package without bundled types) the bot and its tests use.
declare module 'irc-framework' {
  export interface MessageEvent {
    readonly nick: string;
    readonly target: string;
    readonly message: string;
    readonly type: string;
  }
  export class Client {
    constructor(options?: Record<string, unknown>);
    connect(options: {
      host: string;
      port: number;
      nick: string;
      username?: string;
      gecos?: string;
      auto_reconnect?: boolean;
      auto_reconnect_max_wait?: number;
      auto_reconnect_max_retries?: number;
    }): void;
    on(event: 'registered', fn: () => void): this;
    on(event: 'privmsg' | 'message', fn: (e: MessageEvent) => void): this;
    on(event: 'join', fn: (e: { nick: string; channel: string }) => void): this;
    on(event: 'close' | 'socket close', fn: () => void): this;
    on(event: string, fn: (...args: unknown[]) => void): this;
    once(event: string, fn: (...args: unknown[]) => void): this;
    join(channel: string): void;
    say(target: string, message: string): void;
    quit(message?: string): void;
    readonly user: { nick: string };
  }
  const IRC: { Client: typeof Client };
  export default IRC;
}
