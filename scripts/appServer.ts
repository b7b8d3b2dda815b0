// The benches' host: scripts/start.mjs (builds for production when the sources are newer, then serves
// the build the way a static host does), started on its own port and awaited until it listens.
import { spawn, type ChildProcess } from "node:child_process";

export async function startAppServer(port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => chunk.includes("running at") && resolve());
    // A port already taken ends the server at once: say so instead of waiting for ever.
    server.on("exit", (code) => reject(new Error(`The app's server stopped (exit ${code}); is port ${port} taken?`)));
  });
  return server;
}
