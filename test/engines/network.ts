// The line between one journey's page and the app's server: an HTTP proxy on an address of the journey's own
// that the journey can cut (offline: every connection is dropped, as with no network at all) or slow down for
// some addresses (a phone on a poor line). Every journey of every engine gets its own line, so one journey's
// offline does not take the network from another; and its own address, so its own origin: its storage,
// service worker, caches and cookies are its own (run.ts).
import { createServer, request, type Server } from "node:http";
import type { Socket } from "node:net";

export type SlowRule = readonly [matching: RegExp, pauseMs: number];

export interface Network {
  /** Drops every open connection and refuses new ones until set back. */
  setOffline(offline: boolean): void;
  /** Answers a request after the pause of the first rule its path and query match; [] for none. */
  slowDown(rules: readonly SlowRule[]): void;
  /** Holds the requests whose path and query match until the returned release is called. */
  hold(matching: RegExp): () => void;
}

export interface NetworkLine extends Network {
  /** Back to a plain, fast line: at the journey's end, so its page can be left. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A page with no script, answered by the line itself: a journey's origin is opened on it to see that nothing
 * is stored there yet (check.ts, expectNothingStored), without the app writing anything first.
 */
export const blankPagePath = "/engines-blank-page";

/** Listens on host:port (host one of 127.0.0.0/8: each one its own origin) and forwards to the app on 127.0.0.1. */
export async function startNetworkLine(host: string, port: number, appPort: number): Promise<NetworkLine> {
  let offline = false;
  let slow: readonly SlowRule[] = [];
  let held: { matching: RegExp; waiting: (() => void)[] } | null = null;
  const release = () => {
    const waiting = held?.waiting ?? [];
    held = null;
    waiting.forEach((forward) => forward());
  };
  const sockets = new Set<Socket>();

  const server: Server = createServer((incoming, outgoing) => {
    if (offline) {
      incoming.socket.destroy();
      return;
    }
    const url = incoming.url ?? "/";
    if (url === blankPagePath) {
      outgoing.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      outgoing.end("<!doctype html><title>A journey's origin, before the journey</title>");
      return;
    }
    const pauseMs = slow.find(([matching]) => matching.test(url))?.[1] ?? 0;
    const forward = () => {
      if (offline) {
        incoming.socket.destroy();
        return;
      }
      const forwarded = request(
        { host: "127.0.0.1", port: appPort, path: url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on("error", () => outgoing.destroy());
      incoming.pipe(forwarded);
    };
    if (held?.matching.test(url)) held.waiting.push(forward);
    else setTimeout(forward, pauseMs);
  });
  server.on("connection", (socket) => {
    if (offline) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });

  return {
    setOffline(value) {
      offline = value;
      if (offline) for (const socket of sockets) socket.destroy();
    },
    slowDown(rules) {
      slow = rules;
    },
    hold(matching) {
      held = { matching, waiting: [] };
      return release;
    },
    reset() {
      offline = false;
      slow = [];
      release();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
