import { Grid, Tabs, TextInput } from "@mantine/core";
import {
  Form,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSubmit,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { CodeDisplay } from "~/components/calculator/CodeDisplay";
import { SelectionControls } from "~/components/calculator/SelectionControls";
import classes from "~/components/calculator/Calculator.module.css";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { codeLength } from "~/lib/calculator/actionCode";
import {
  calculatorSearch,
  linkToCode,
  readCalculatorQuery,
  searchAfterTabSwitch,
  type CalculatorTab,
} from "~/lib/calculator/calculatorQuery";
import { pageTitle } from "~/lib/shell/product";

export const meta: MetaFunction = () => [{ title: pageTitle("Actions") }];

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  return { calculator: readCalculatorQuery(url.searchParams), origin: url.origin };
}

const tabLabels: Record<CalculatorTab, string> = { need: "I NEED the code", have: "I HAVE the code" };
const replaceInHistory = { replace: true, preventScrollReset: true } as const;

export default function Actions() {
  const { calculator: committed, origin } = useLoaderData<typeof clientLoader>();
  // While the URL is changing, show where it is going so a click answers at once.
  const navigation = useNavigation();
  const calculator =
    navigation.location?.pathname === "/actions"
      ? readCalculatorQuery(new URLSearchParams(navigation.location.search))
      : committed;
  const navigate = useNavigate();
  const submit = useSubmit();
  const needForm = useRef<HTMLFormElement>(null);

  // The code input keeps what was typed while the URL catches up; it follows the
  // URL only when the URL changed from elsewhere (back, forward, a link).
  const [typedCode, setTypedCode] = useState(committed.enteredCode);
  const lastTypedCode = useRef(committed.enteredCode);
  useEffect(() => {
    if (navigation.state === "idle" && committed.enteredCode !== lastTypedCode.current) {
      lastTypedCode.current = committed.enteredCode;
      setTypedCode(committed.enteredCode);
    }
  }, [committed.enteredCode, navigation.state]);

  function typeCode(event: ChangeEvent<HTMLInputElement>) {
    const code = event.currentTarget.value.slice(0, codeLength);
    setTypedCode(code);
    lastTypedCode.current = code;
    navigate(calculatorSearch({ ...calculator, tab: "have", enteredCode: code }), replaceInHistory);
  }

  function switchTab(tab: string | null) {
    if (tab !== "need" && tab !== "have") return;
    navigate(searchAfterTabSwitch({ ...calculator, enteredCode: typedCode }, tab), replaceInHistory);
  }

  const reading = calculator.enteredCodeReading;
  const haveCode = reading.status === "valid" ? reading.code : null;

  return (
    <>
      <ScreenHeading title="Code calculator">
        Turn relay outputs and an alarm action into the unit&apos;s 5-digit code, or read a code back.
      </ScreenHeading>

      <Tabs value={calculator.tab} onChange={switchTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="need">{tabLabels.need}</Tabs.Tab>
          <Tabs.Tab value="have">{tabLabels.have}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="need">
          <Form method="get" ref={needForm} {...replaceInHistory}>
            <input type="hidden" name="tab" value="need" />
            <input type="hidden" name="code" value={typedCode} />
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <SelectionControls
                  selection={calculator.needSelection}
                  onSelectionChange={() => submit(needForm.current, replaceInHistory)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <CodeDisplay
                  code={calculator.needCode}
                  selection={calculator.needSelection}
                  shareLink={linkToCode(origin, calculator.needCode)}
                />
              </Grid.Col>
            </Grid>
          </Form>
        </Tabs.Panel>

        <Tabs.Panel value="have">
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Form method="get" {...replaceInHistory} onSubmit={(event) => event.preventDefault()}>
                <TextInput
                  name="code"
                  label="Code from the unit"
                  value={typedCode}
                  onChange={typeCode}
                  maxLength={codeLength}
                  inputMode="numeric"
                  autoComplete="off"
                  size="lg"
                  maw={260}
                  mb="md"
                  classNames={{ input: classes.codeInput }}
                  error={reading.status === "invalid" ? reading.problem : undefined}
                  description={reading.status === "incomplete" ? reading.hint : "5 digits, e.g. 17101"}
                  inputWrapperOrder={["label", "input", "description", "error"]}
                />
              </Form>
              <SelectionControls selection={reading.selection} readOnly explainNoAction={reading.status === "valid"} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <CodeDisplay
                code={haveCode}
                selection={reading.selection}
                shareLink={haveCode ? linkToCode(origin, haveCode) : null}
              />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
