/**
 * The external tools offered on the home screen. The company edits this list;
 * every screen and test reads it from here.
 */
export interface ExternalLink {
  /** What the technician sees. The target itself is never shown. */
  label: string;
  /** One line on what the tool is good for on site. */
  description: string;
  href: string;
}

export const externalLinks: readonly ExternalLink[] = [
  {
    label: "XML / diagram editor (diagrams.net)",
    description: "Open and edit XML files and wiring or flow diagrams in the browser.",
    href: "https://app.diagrams.net/",
  },
  {
    label: "Image to binary for SYMBOLS (image2cpp)",
    description: "Turn a small picture into the byte array the unit's display symbols use.",
    href: "https://javl.github.io/image2cpp/",
  },
  {
    label: "AC/DC power calculator",
    description: "Work out watts, volts and amps for a pump, a heater or a supply.",
    href: "https://www.rapidtables.com/calc/electric/watt-volt-amp-calculator.html",
  },
  {
    label: "DEC-BIN-HEX converter",
    description: "Convert register values between decimal, binary and hexadecimal.",
    href: "https://www.rapidtables.com/convert/number/",
  },
  {
    label: "Modbus master simulator (free)",
    description: "Read and write the unit's Modbus registers from a laptop.",
    href: "https://en.radzio.dxp.pl/modbus-master-simulator/",
  },
];
