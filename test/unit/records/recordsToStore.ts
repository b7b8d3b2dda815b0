// Records for the store's tests: one input file (sha a) and a PAR.txt, with the bytes they keep.
import { buildServiceRecord, type ServiceRecord } from "~/lib/records/serviceRecord";

export const sha = (digit: string) => digit.repeat(64);
export const bytesOf = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

/** A record made at `minute` from input "in" (sha a) whose PAR.txt has sha `parDigit`. */
export function record(id: string, minute: number, parDigit: string): ServiceRecord {
  return buildServiceRecord({
    id,
    createdAt: new Date(Date.UTC(2025, 2, 12, 13, minute)),
    label: "",
    destination: "downloaded",
    lineEnding: "crlf",
    content: {
      inputs: [{ id: "in", path: "a.txt", setOverride: null, set: "standard", parameterCount: 1 }],
      counts: { parameterCount: 1, rewrittenCount: 0, addedCount: 0, problemCount: 0 },
      rewritten: [],
      added: [],
      problems: [],
    },
    inputFingerprints: new Map([["in", { sha256: sha("a"), size: 5 }]]),
    keptInputIds: new Set(["in"]),
    parFile: { sha256: sha(parDigit), size: 3 },
    cardComparison: null,
  });
}

export const bytesFor = (parDigit: string) =>
  new Map([
    [sha("a"), bytesOf("P1\n1\n")],
    [sha(parDigit), bytesOf(`PAR${parDigit}`)],
  ]);
