// npm run test:engines: every journey (journeys.ts) in Firefox ESR and in WebKitGTK, the engines of the
// browsers technicians carry besides Chrome and Edge. Serves the built app (scripts/start.mjs builds it when
// the sources are newer), runs the two engines side by side and each engine's journeys one after the other.
// Each journey has its own origin: its own line to the app (network.ts) on an address of its own, 127.0.0.2 and
// on, so whatever an engine keeps between journeys (WebKitGTK keeps its browser session), the journey's
// storage, service worker, caches and cookies are its own; it first checks that its origin holds nothing.
// Options: --engine firefox|webkit, --journey <part of a name>. Ports: ENGINES_PORT (default 4302) and the
// next three.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startAppServer } from "../../scripts/appServer";
import { expectNothingStored } from "./check";
import { engineStuckMarker as stuckMarker, type Engine } from "./driver";
import { firefoxEngine } from "./drivers/firefox";
import { webkitEngine } from "./drivers/webkit";
import { journeys, type Journey } from "./journeys";
import { blankPagePath, startNetworkLine, type NetworkLine } from "./network";

/** A journey that hangs (a browser that stopped answering) fails instead of holding up the run. */
const journeyTimeoutMs = 180_000;

const { values: options } = parseArgs({
  options: { engine: { type: "string" }, journey: { type: "string" } },
});

const basePort = Number(process.env.ENGINES_PORT ?? 4302);
const appPort = basePort;
const engines: { key: string; port: number; engine: Engine }[] = [
  { key: "firefox", port: basePort + 1, engine: firefoxEngine() },
  { key: "webkit", port: basePort + 2, engine: webkitEngine(basePort + 3) },
].filter(({ key }) => !options.engine || options.engine === key);
const chosenJourneys = journeys.filter(({ name }) => !options.journey || name.includes(options.journey));

/** The journey's own address, the same in every run and in both engines (each engine on its own port). */
const journeyHost = (journey: Journey) => `127.0.0.${2 + journeys.indexOf(journey)}`;

interface Outcome {
  engine: string;
  journey: string;
  failure: string | null;
  ms: number;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** How long opening or closing a page may take before the engine counts as stuck. */
const closeTimeoutMs = 30_000;
const openTimeoutMs = 120_000;
const engineStuck = (failure: string) => failure.includes(stuckMarker);
const stuckFailure = (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  return engineStuck(message) ? message : `${message} ${stuckMarker}`;
};

/** One journey in a new page on its own origin and line; its failure, or null. Opening and closing the page are bounded too. */
async function runJourney(engine: Engine, port: number, journey: Journey): Promise<string | null> {
  const scratch = await mkdtemp(join(tmpdir(), "engines-journey-"));
  const host = journeyHost(journey);
  let line: NetworkLine | undefined;
  let failure: string | null = null;
  try {
    const network = await startNetworkLine(host, port, appPort);
    line = network;
    // Opened on the origin's blank page, where the journey first sees that nothing is stored there yet.
    const opening = engine.newPage(`http://${host}:${port}`).then(async (opened) => {
      await opened.goto(blankPagePath);
      return opened;
    });
    const page = await withTimeout(opening, openTimeoutMs, `opening a page ${stuckMarker}`).catch((error: unknown) => {
      throw new Error(stuckFailure(error));
    });
    try {
      await withTimeout(
        expectNothingStored(page).then(() => journey.run(page, { network, scratch })),
        journeyTimeoutMs,
        `${journey.name} ${stuckMarker}`,
      );
    } finally {
      network.reset();
      await withTimeout(page.close(), closeTimeoutMs, "closing the page").catch((error: unknown) => {
        failure ??= stuckFailure(error);
      });
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  await line?.close();
  await rm(scratch, { recursive: true, force: true });
  return failure;
}

async function restart(engine: Engine): Promise<void> {
  await withTimeout(engine.stop(), closeTimeoutMs, "stopping the engine").catch(() => undefined);
  await engine.start();
}

async function runEngine(engine: Engine, port: number, journeyList: Journey[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  try {
    await engine.start();
    for (const journey of journeyList) {
      const started = Date.now();
      let failure = await runJourney(engine, port, journey);
      const restarted = failure !== null && engineStuck(failure);
      if (restarted) {
        // WebKitGTK now and then stops answering for the rest of its session (a command or a new session that never
        // returns): a fresh engine, and the journey once more, so one stuck browser does not fail the run.
        console.log(`    ${engine.name} stuck (${failure}); restarting it and running the journey again`);
        await restart(engine);
        failure = await runJourney(engine, port, journey);
      }
      const outcome = { engine: engine.name, journey: journey.name, failure, ms: Date.now() - started };
      outcomes.push(outcome);
      const seconds = (outcome.ms / 1000).toFixed(1);
      const again = restarted ? ", run again in a restarted engine" : "";
      console.log(`${failure ? "✘" : "✓"} ${engine.name} › ${journey.name} (${seconds} s${again})`);
      if (failure) console.log(`    ${failure.split("\n").join("\n    ")}`);
      // A journey that failed may leave its browser in any state (a service worker that never got installed
      // holds up WebKitGTK's others): the next journey gets a fresh engine.
      if (failure && journey !== journeyList.at(-1)) await restart(engine);
    }
  } catch (error) {
    // The engine itself did not start: every journey counts as failed, with the reason.
    const reason = `${engine.name} did not start: ${error instanceof Error ? error.message : String(error)}`;
    console.log(`✘ ${reason}`);
    for (const journey of journeyList.slice(outcomes.length)) {
      outcomes.push({ engine: engine.name, journey: journey.name, failure: reason, ms: 0 });
    }
  } finally {
    await engine.stop().catch(() => undefined);
  }
  return outcomes;
}

function table(outcomes: Outcome[]): string {
  const engineNames = [...new Set(outcomes.map((outcome) => outcome.engine))];
  const rows = chosenJourneys.map((journey) => {
    const cells = engineNames.map((engine) => {
      const outcome = outcomes.find((found) => found.engine === engine && found.journey === journey.name);
      return outcome ? (outcome.failure ? "fail" : "pass") : "-";
    });
    return `| ${journey.name} | ${cells.join(" | ")} |`;
  });
  return [`| journey | ${engineNames.join(" | ")} |`, `|---|${engineNames.map(() => "---").join("|")}|`, ...rows].join(
    "\n",
  );
}

const started = Date.now();
const server = await startAppServer(appPort);
let outcomes: Outcome[] = [];
try {
  outcomes = (await Promise.all(engines.map(({ engine, port }) => runEngine(engine, port, chosenJourneys)))).flat();
} finally {
  server.kill();
}

console.log(`\n${table(outcomes)}\n`);
console.log(`Engines run in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
const failed = outcomes.filter((outcome) => outcome.failure).length;
console.log(`${outcomes.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 || outcomes.length === 0 ? 1 : 0);
