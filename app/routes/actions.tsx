import { Grid, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CodeDisplay } from "~/components/calculator/CodeDisplay";
import { CodeSheet } from "~/components/calculator/CodeSheet";
import { QrCodeModal } from "~/components/calculator/QrCodeModal";
import { RecentCodes } from "~/components/calculator/RecentCodes";
import { SelectionControls } from "~/components/calculator/SelectionControls";
import { useCalculatorUrl } from "~/components/calculator/useCalculatorUrl";
import { useCodeInput } from "~/components/calculator/useCodeInput";
import { useQrCode } from "~/components/calculator/useQrCode";
import { useRecentCodes } from "~/components/calculator/useRecentCodes";
import classes from "~/components/calculator/Calculator.module.css";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { useShownForPrint } from "~/components/shell/useShownLater";
import { whenIdle } from "~/components/shell/whenIdle";
import { codeLength } from "~/lib/calculator/actionCode";
import { linkToCode, shownCode, type CalculatorTab } from "~/lib/calculator/calculatorQuery";
import { loadQrEncoder } from "~/lib/calculator/browser/qrEncoder";
import { logger } from "~/lib/shell/logger";
import { pageTitle } from "~/lib/shell/product";
import { screenHeadings } from "~/lib/shell/screenHeadings";

export const meta: MetaFunction = () => [{ title: pageTitle("Actions") }];

/** Links to a code are absolute, so they work when sent to another device. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return { origin: new URL(request.url).origin };
}

const tabLabels: Record<CalculatorTab, string> = { need: "I NEED the code", have: "I HAVE the code" };

/** A code the technician stopped changing for this long goes to the recent codes; codes passed on the way do not. */
const rememberAfterMs = 1000;

export default function Actions() {
  const { origin } = useLoaderData<typeof clientLoader>();
  const { calculator, chosen, chooseSelection, typeCode, switchTab } = useCalculatorUrl();
  const recent = useRecentCodes();
  const { remember } = recent;

  const reading = calculator.enteredCodeReading;
  const code = shownCode(calculator);
  const selection = calculator.tab === "need" ? calculator.needSelection : reading.selection;
  const link = code ? linkToCode(origin, code) : null;
  const qrCode = useQrCode(link);
  const [qrCodeShown, setQrCodeShown] = useState(false);
  // The print sheet and the QR dialog are not seen on opening: rendered when printing starts or the dialog opens.
  const codeSheet = useShownForPrint();
  // The browser's own print (Ctrl+P, its menu) cannot wait for the QR encoder to load: it is loaded a while after
  // the screen is up (not while it starts), and the sheet draws the QR code as printing starts.
  useEffect(() => {
    let cancelIdle = () => {};
    const timer = window.setTimeout(
      () =>
        (cancelIdle = whenIdle(
          () => void loadQrEncoder().catch((error) => logger.warn("The QR encoder could not be loaded", error)),
        )),
      3000,
    );
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, []);
  const { drawNow: drawQrCodeNow } = qrCode;
  useEffect(() => {
    const drawForPrint = () => void drawQrCodeNow();
    window.addEventListener("beforeprint", drawForPrint);
    return () => window.removeEventListener("beforeprint", drawForPrint);
  }, [drawQrCodeNow]);

  useEffect(() => {
    if (!chosen || code === null) return;
    const timer = window.setTimeout(() => remember(code), rememberAfterMs);
    return () => window.clearTimeout(timer);
  }, [chosen, code, remember]);

  function showQrCode() {
    setQrCodeShown(true);
    void qrCode.draw();
  }

  async function printCodeSheet() {
    await qrCode.draw();
    codeSheet.showNow();
    window.print();
  }

  const codeInput = useCodeInput(calculator.enteredCode, typeCode);

  const codeSide = (
    <Stack gap="md" className={classes.codePanel}>
      <CodeDisplay
        code={code}
        selection={selection}
        shareLink={link}
        onCodeUsed={remember}
        onShowQrCode={showQrCode}
        onPrint={() => void printCodeSheet()}
      />
      <RecentCodes codes={recent.codes} currentCode={code} onClear={recent.clear} />
    </Stack>
  );

  return (
    <>
      <div className={classes.screen}>
        <ScreenHeading title={screenHeadings["/actions"].title}>{screenHeadings["/actions"].intro}</ScreenHeading>

        <Tabs
          value={calculator.tab}
          onChange={(tab) => (tab === "need" || tab === "have") && switchTab(tab)}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="need">{tabLabels.need}</Tabs.Tab>
            <Tabs.Tab value="have">{tabLabels.have}</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="need">
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <SelectionControls selection={calculator.needSelection} onSelectionChange={chooseSelection} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>{codeSide}</Grid.Col>
            </Grid>
          </Tabs.Panel>

          <Tabs.Panel value="have">
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <TextInput
                  label="Code from the unit"
                  {...codeInput.props}
                  maxLength={codeLength}
                  inputMode="numeric"
                  autoComplete="off"
                  size="lg"
                  maw={260}
                  mb="md"
                  classNames={{ input: classes.codeInput }}
                  error={reading.status === "invalid" ? reading.problem : undefined}
                  description={
                    codeInput.typedPastLength ? (
                      // Not an error (the field holds what it decodes), but not to be missed either.
                      <Text component="span" inherit c="var(--mantine-color-orange-text)">
                        {codeInput.typedPastLength}
                      </Text>
                    ) : reading.status === "incomplete" ? (
                      reading.hint
                    ) : (
                      "5 digits, e.g. 17101"
                    )
                  }
                  inputWrapperOrder={["label", "input", "description", "error"]}
                />
                <SelectionControls
                  selection={reading.selection}
                  readOnly
                  explainNoAction={reading.status === "valid"}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>{codeSide}</Grid.Col>
            </Grid>
          </Tabs.Panel>
        </Tabs>
      </div>

      {code && link && (codeSheet.shown || qrCodeShown) ? (
        <>
          <CodeSheet code={code} selection={selection} link={link} qrPicture={qrCode.picture} />
          <QrCodeModal
            opened={qrCodeShown}
            onClose={() => setQrCodeShown(false)}
            code={code}
            link={link}
            qrCode={qrCode}
            onPrint={() => void printCodeSheet()}
          />
        </>
      ) : null}
    </>
  );
}
