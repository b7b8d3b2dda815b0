/** Generated parameter sets for the benchmarks: 10% of the codes rewritten, 1% added by the customer. */
export interface GeneratedSite {
  standard: string;
  customer: string;
}

export function generateSite(parameterCount: number): GeneratedSite {
  const standardLines = ["* Standard parameters (generated)", ""];
  for (let index = 0; index < parameterCount; index++) {
    standardLines.push(`P${String(index).padStart(7, "0")}`, `${index % 997},${index % 10};"Pump ${index % 13}"`);
    if (index % 500 === 0) standardLines.push("* section", "   ");
  }
  const customerLines = ["* Customer parameters (generated)"];
  for (let index = 0; index < parameterCount; index += 10) {
    customerLines.push(`P${String(index).padStart(7, "0")}`, `${index % 991},5;"Customer"`);
  }
  for (let index = 0; index < Math.max(1, Math.floor(parameterCount / 100)); index++) {
    customerLines.push(`P9${String(index).padStart(7, "0")}`, `added ${index}`);
  }
  return { standard: standardLines.join("\r\n") + "\r\n", customer: customerLines.join("\r\n") + "\r\n" };
}

function standardValue(index: number): string {
  return `${index % 997},${index % 10};"Pump ${index % 13}"`;
}

/** A standard file with the codes first … first + count − 1, in generateSite's format. */
export function generateStandardFile(first: number, count: number): string {
  const lines = ["* Standard parameters (generated)", ""];
  for (let index = first; index < first + count; index++) {
    lines.push(`P${String(index).padStart(7, "0")}`, standardValue(index));
    if (index % 500 === 0) lines.push("* section", "   ");
  }
  return lines.join("\r\n") + "\r\n";
}

/** Bytes of PAR.txt (CRLF) for generateSite(parameterCount).standard alone: code line, value line, each with CRLF. */
export function parFileBytesOfStandard(parameterCount: number): number {
  let bytes = 0;
  for (let index = 0; index < parameterCount; index++) bytes += 8 + 2 + Buffer.byteLength(standardValue(index)) + 2;
  return bytes;
}

export interface GeneratedFolder {
  /** Paths inside the picked folder, e.g. "KUNDESPEC/customer.txt". */
  files: { path: string; text: string }[];
  /** Parameters in all files together. */
  parameterCount: number;
  /** Parameters in the merged PAR.txt. */
  mergedCount: number;
}

/**
 * A typical site: two standard files (1,000 and 800 codes) and one KUNDESPEC
 * file that rewrites every tenth code and adds 18: 1,998 parameters in all.
 */
export function generateTypicalFolder(): GeneratedFolder {
  const { customer } = generateSite(1_800);
  return {
    files: [
      { path: "standard-1.txt", text: generateStandardFile(0, 1_000) },
      { path: "standard-2.txt", text: generateStandardFile(1_000, 800) },
      { path: "KUNDESPEC/customer.txt", text: customer },
    ],
    parameterCount: 1_800 + 180 + 18,
    mergedCount: 1_800 + 18,
  };
}

/** Many small standard files with distinct codes, e.g. 300 × 100 parameters. */
export function generateManyFiles(fileCount: number, parametersPerFile: number): GeneratedFolder {
  const files = Array.from({ length: fileCount }, (_, file) => ({
    path: `part-${String(file).padStart(3, "0")}.txt`,
    text: generateStandardFile(file * parametersPerFile, parametersPerFile),
  }));
  const parameterCount = fileCount * parametersPerFile;
  return { files, parameterCount, mergedCount: parameterCount };
}
