// WebKitGTK (the engine of Safari), from Debian's webkit2gtk-driver: WebKitWebDriver starts MiniBrowser on a
// virtual display (xvfb-run) and is spoken to with plain W3C WebDriver over HTTP. One session serves every
// page, each in a new window: a new session costs seconds (a new MiniBrowser), and MiniBrowser under automation
// keeps its storage in memory, per origin, so a page on an origin of its own (run.ts) starts empty all the same.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  describeTarget,
  engineStuckMarker,
  findElement,
  type Answer,
  type Engine,
  type EnginePage,
  type Target,
} from "../driver";
import { pollMs, waitForDownload, waitTimeoutMs } from "./downloads";

/** The Control key's code point in WebDriver key actions. */
const controlKey = "\uE009";

type ElementReference = Record<string, string>;

/** The W3C key, or the one WebKitGTK answers with (element-6066-11e4-a52e-…). */
function elementId(reference: ElementReference): string {
  const key = Object.keys(reference).find((name) => name.startsWith("element-6066-11e4-") || name === "ELEMENT");
  const id = key ? reference[key] : undefined;
  if (!id) throw new Error(`Not an element reference: ${JSON.stringify(reference)}`);
  return id;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a page's service worker may take to end its install once the journey is done. One that takes longer is
 * taken for stuck: WebKitGTK 2.50 can leave an install "installing" for good when its page reloads while the
 * worker's script runs (the dark colours journey's reload may), and such an install may hold up the session's
 * others. The next page then gets a new MiniBrowser, a few seconds. Installs that do end, end within about 3 s here.
 */
const settleTimeoutMs = 5_000;

/** Longer than any command takes when the browser answers: a page load (60 s) or an async script (30 s). */
const commandTimeoutMs = 90_000;

export function webkitEngine(port: number): Engine {
  const server = `http://127.0.0.1:${port}`;
  let driver: ChildProcess | undefined;
  let downloads = "";
  let session: string | undefined;
  /** Set when a page was left with its service worker's install unsettled: the next page gets a new MiniBrowser. */
  let restartBeforeNextPage = false;

  async function command<Value>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<Value> {
    const what = `WebDriver ${path.replace(/^\/session\/[^/]+/, "")}`;
    let answer: { value: Value & { error?: string; message?: string } };
    try {
      const response = await fetch(server + path, {
        method,
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A stuck MiniBrowser leaves a command unanswered: the command fails instead of holding the run, and says
        // the engine is stuck, so that run.ts starts it again.
        signal: AbortSignal.timeout(commandTimeoutMs),
      });
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        throw new Error(`${what}: no answer within ${commandTimeoutMs / 1000} s ${engineStuckMarker}`);
      }
      throw error;
    }
    const { value } = answer;
    if (value && typeof value === "object" && "error" in value && value.error) {
      throw new Error(`${what}: ${value.error}: ${value.message}`);
    }
    return value;
  }

  async function start() {
    // MiniBrowser saves downloads into the home's download folder: a home of its own, emptied before each download.
    const home = await mkdtemp(join(tmpdir(), "engines-webkit-home-"));
    downloads = join(home, "Downloads");
    await mkdir(join(home, ".config"), { recursive: true });
    await mkdir(downloads);
    await writeFile(join(home, ".config", "user-dirs.dirs"), 'XDG_DOWNLOAD_DIR="$HOME/Downloads"\n');
    driver = spawn("xvfb-run", ["--auto-servernum", "WebKitWebDriver", `--port=${port}`], {
      env: {
        ...process.env,
        HOME: home,
        // No accelerated compositing: on the virtual display it is software GL, a third of the page process's CPU
        // time. Safari composites with its own layers anyway; what the journeys check (the page, its storage and
        // service worker, downloads) does not go through it.
        WEBKIT_DISABLE_COMPOSITING_MODE: "1",
      },
      stdio: "ignore",
      // Its own process group: stop() ends xvfb-run, Xvfb and the driver together.
      detached: true,
    });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (
        await command<{ ready: boolean }>("GET", "/status").then(
          (status) => status.ready,
          () => false,
        )
      )
        return;
      await pause(200);
    }
    throw new Error(`WebKitWebDriver did not answer on port ${port}`);
  }

  /** Ends the driver, and with it the session's MiniBrowser and its processes: all are in the driver's process group. */
  async function stop() {
    const ending = driver;
    driver = undefined;
    session = undefined;
    restartBeforeNextPage = false;
    if (!ending?.pid || ending.exitCode !== null) return;
    // Once xvfb-run has gone, the port is free for the next start.
    const exited = new Promise((resolve) => ending.once("exit", resolve));
    process.kill(-ending.pid, "SIGTERM");
    await exited;
  }

  async function newSession(): Promise<string> {
    const { sessionId } = await command<{ sessionId: string }>("POST", "/session", {
      capabilities: {
        alwaysMatch: {
          "webkitgtk:browserOptions": {
            binary: process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
            args: ["--automation"],
          },
          // The pickers' inputs are hidden; WebDriver may hand them files all the same.
          strictFileInteractability: false,
          timeouts: { script: waitTimeoutMs * 2, pageLoad: 60_000, implicit: 0 },
        },
      },
    });
    return sessionId;
  }

  return {
    name: "WebKitGTK",
    start,
    async newPage(origin) {
      if (restartBeforeNextPage) {
        await stop();
        await start();
      }
      session ??= await newSession();
      const sessionId = session;
      return webkitPage(
        <Value>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown) =>
          command<Value>(method, `/session/${sessionId}${path}`, body),
        origin,
        downloads,
        () => {
          restartBeforeNextPage = true;
        },
      );
    },
    stop,
  };
}

type SessionCommand = <Value>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown) => Promise<Value>;

/**
 * Runs in the page: resolves true once the page's service worker, if it registered one, is active, false when
 * that takes longer than ms.
 */
async function serviceWorkerSettled(ms: number): Promise<boolean> {
  const settled = async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    // "ready" comes once a worker is active, even where WebKit does not update the page's worker objects.
    if (registration) await navigator.serviceWorker.ready;
    return true;
  };
  return Promise.race([settled(), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

function webkitPage(command: SessionCommand, origin: string, downloads: string, onUnsettled: () => void): EnginePage {
  const execute = <Value>(script: string, args: unknown[]) => command<Value>("POST", "/execute/sync", { script, args });

  async function element(target: Target, answer: Answer): Promise<string> {
    const deadline = Date.now() + waitTimeoutMs;
    while (Date.now() < deadline) {
      const found = await execute<ElementReference | null>(`return (${findElement})(arguments[0], arguments[1])`, [
        target,
        answer,
      ]);
      if (found) return elementId(found);
      await pause(pollMs);
    }
    throw new Error(
      `Not found${answer === "clickable" ? " uncovered" : ""} within ${waitTimeoutMs / 1000} s: ${describeTarget(target)}`,
    );
  }

  const keys = (key: string) => ({
    actions: [
      {
        type: "key",
        id: "keyboard",
        actions: [
          { type: "keyDown", value: controlKey },
          { type: "keyDown", value: key },
          { type: "keyUp", value: key },
          { type: "keyUp", value: controlKey },
        ],
      },
    ],
  });

  return {
    async goto(path) {
      await command("POST", "/url", { url: new URL(path, origin).href });
    },
    async reload() {
      await command("POST", "/refresh", {});
    },
    evaluate: (fn, ...args) => execute<Awaited<ReturnType<typeof fn>>>(`return (${fn}).apply(null, arguments)`, args),
    async click(target) {
      // WebDriver refuses a click that something covers at that moment (a toast that slid in): try again.
      const deadline = Date.now() + waitTimeoutMs;
      for (;;) {
        try {
          await command("POST", `/element/${await element(target, "clickable")}/click`, {});
          return;
        } catch (error) {
          if (!String(error).includes("element click intercepted") || Date.now() > deadline) throw error;
          await pause(pollMs);
        }
      }
    },
    async type(target, text) {
      await command("POST", `/element/${await element(target, "element")}/value`, { text });
    },
    async pressControl(key) {
      await command("POST", "/actions", keys(key));
      await command("DELETE", "/actions");
    },
    async setFiles(inputSelector, paths) {
      const deadline = Date.now() + waitTimeoutMs;
      let input: ElementReference | null = null;
      while (!input && Date.now() < deadline) {
        // WebDriver adds to a multiple input's earlier files; a picker hands over only the new ones.
        input = await execute<ElementReference | null>(
          "const input = document.querySelector(arguments[0]); if (input) input.value = ''; return input",
          [inputSelector],
        );
        if (!input) await pause(pollMs);
      }
      if (!input) throw new Error(`No file input ${inputSelector}`);
      await command("POST", `/element/${elementId(input)}/value`, { text: paths.join("\n") });
    },
    download: (fileName, start) => waitForDownload(downloads, fileName, start),
    async close() {
      // The page's window is closed and the session stays, with a new window for the next page: MiniBrowser adds a
      // bar to a window for every download, and a window that has had a few leaves the page too little room.
      // Only once the page's service worker has ended its install: WebKitGTK 2.50 may never end an install whose
      // page went away mid-way, and then hold up the later ones (journeys.ts, first visit).
      const settled = await execute<boolean>(`return (${serviceWorkerSettled})(arguments[0])`, [settleTimeoutMs]).catch(
        () => false,
      );
      const next = await command<{ handle: string }>("POST", "/window/new", { type: "window" });
      await command("DELETE", "/window");
      await command("POST", "/window", { handle: next.handle });
      if (!settled) onUnsettled();
    },
  };
}
