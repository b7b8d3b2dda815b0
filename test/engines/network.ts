// The line between one engine and the app's server: an HTTP proxy on the engine's own port that a journey
// can cut (offline: every connection is dropped, as with no network at all) or slow down for some
// addresses (a phone on a poor line). Every engine gets its own, so one engine's offline journey does not
// take the network from the other.
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
  /** Back to a plain, fast line: between journeys. */
  reset(): void;
  close(): Promise<void>;
}

export async function startNetworkLine(port: number, appPort: number): Promise<NetworkLine> {
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
    server.listen(port, "127.0.0.1", resolve);
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
