// Writes app/themeVariables.css from app/theme.ts (scripts/themeVariables.tsx says why).
import { writeFileSync } from "node:fs";
import { themeVariablesCss, themeVariablesFile } from "./themeVariables";

writeFileSync(themeVariablesFile, themeVariablesCss());
console.log(`Wrote ${themeVariablesFile}`);
