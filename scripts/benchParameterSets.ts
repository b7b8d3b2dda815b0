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
