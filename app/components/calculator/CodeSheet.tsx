import { Table, Text, Title } from "@mantine/core";
import { findAlarmAction, relayStateWord, type CodeSelection } from "~/lib/calculator/actionCode";
import { codeBreakdown } from "~/lib/calculator/codeBreakdown";
import { qrCodeNotPrinted, type QrPicture } from "~/lib/calculator/qrCode";
import { productName } from "~/lib/shell/product";
import { ContactSymbol } from "./ContactSymbol";
import { QrCodePicture } from "./QrCodePicture";
import classes from "./Calculator.module.css";

interface CodeSheetProps {
  code: string;
  selection: CodeSelection;
  link: string;
  qrPicture: QrPicture | null;
}

/** What "Print code sheet" puts on paper; hidden on screen (see @media print in Calculator.module.css). */
export function CodeSheet({ code, selection, link, qrPicture }: CodeSheetProps) {
  const breakdown = codeBreakdown(selection);
  const action = findAlarmAction(selection.action);
  return (
    <section className={classes.codeSheet} aria-label="Code sheet for printing" data-testid="code-sheet">
      <Text size="sm">{productName} · code sheet</Text>
      <Title order={2} className={classes.sheetCode}>
        {code}
      </Title>
      <Text>
        <strong>Action {breakdown.actionDigit}:</strong> {breakdown.actionName}
        {action ? ` (${action.hint})` : ""}
      </Text>
      <Text mb="sm">
        <strong>Outputs {code.slice(3)}:</strong> {breakdown.sumText} · binary {breakdown.binary}
      </Text>
      <Table className={classes.sheetTable}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Output</Table.Th>
            <Table.Th>Terminal</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Adds</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {breakdown.outputs.map(({ output, weight, closed }) => (
            <Table.Tr key={output.pcbName}>
              <Table.Td>
                <ContactSymbol output={output} closed={closed} />
              </Table.Td>
              <Table.Td>{output.name}</Table.Td>
              <Table.Td>{output.pcbName}</Table.Td>
              <Table.Td fw={closed ? 700 : undefined}>{relayStateWord(closed)}</Table.Td>
              <Table.Td>{closed ? weight : 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <div className={classes.sheetQr}>
        {qrPicture ? <QrCodePicture picture={qrPicture} link={link} /> : <Text size="sm">{qrCodeNotPrinted}</Text>}
        <Text size="sm">{link}</Text>
      </div>
    </section>
  );
}
