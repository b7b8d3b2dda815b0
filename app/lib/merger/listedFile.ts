import type { ParameterSet } from "./parameterSet";

/** A parameter file as the technician's list holds it: what it is, not its bytes. */
export interface ListedFile {
  id: string;
  path: string;
  /** null: the set follows the KUNDESPEC rule; otherwise the technician chose it. */
  setOverride: ParameterSet | null;
  /** Bytes of the file (lists stored before sizes were kept lack it). */
  size?: number;
}
