import { Button, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconArrowsDiff, IconX } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { compareParams, inTimeOrder } from "~/lib/records/recordCompare";
import { compareRecordsPath } from "~/lib/records/recordIntents";
import { recordTimeText, type ServiceRecordSummary } from "~/lib/records/serviceRecord";
import classes from "./Records.module.css";
import { pickCheckboxAttribute } from "./ServiceRecordList";

/** Marks each picked record's unpick button, so the keyboard can be sent to it. */
const unpickButtonAttribute = "data-unpick-record";

/**
 * After an unpick its button is gone: the keyboard goes to the next unpick button, else to the record's
 * checkbox in the list, else (its row hidden by a search) to the line saying how many are picked. Never to the
 * page's start, from where the technician would tab through the whole screen again.
 */
function useFocusAfterUnpick(picked: readonly string[]) {
  const bar = useRef<HTMLDivElement>(null);
  const pickedText = useRef<HTMLParagraphElement>(null);
  const unpicked = useRef<{ id: string; nextId: string | undefined } | null>(null);
  useEffect(() => {
    const done = unpicked.current;
    if (!done) return;
    unpicked.current = null;
    const selector = (attribute: string, id: string) => `[${attribute}="${CSS.escape(id)}"]`;
    const target =
      (done.nextId ? bar.current?.querySelector<HTMLElement>(selector(unpickButtonAttribute, done.nextId)) : null) ??
      document.querySelector<HTMLElement>(selector(pickCheckboxAttribute, done.id)) ??
      pickedText.current;
    target?.focus();
  }, [picked]);
  const unpicking = (id: string, nextId: string | undefined) => {
    unpicked.current = { id, nextId };
  };
  return { bar, pickedText, unpicking };
}

/**
 * Compare: enabled once two records are picked; opens their comparison, the earlier one first. The picked
 * records are named here with a way to unpick each, since a search or the list's paging may hide their rows.
 */
export function CompareBar({
  records,
  picked,
  unpick,
}: {
  records: readonly ServiceRecordSummary[];
  picked: readonly string[];
  unpick: (id: string) => void;
}) {
  const { bar, pickedText, unpicking } = useFocusAfterUnpick(picked);
  const pair = picked.map((id) => records.find((record) => record.id === id)).filter((record) => record !== undefined);
  const ordered = pair.length === 2 ? inTimeOrder(pair[0]!, pair[1]!) : null;
  const target = ordered
    ? `${compareRecordsPath}?${new URLSearchParams({ [compareParams.earlier]: ordered[0].id, [compareParams.later]: ordered[1].id })}`
    : null;
  return (
    <Group gap="sm" className={classes.noPrint} ref={bar}>
      {target ? (
        <Button component={Link} to={target} variant="light" leftSection={<IconArrowsDiff size={16} />}>
          Compare
        </Button>
      ) : (
        <Button variant="light" leftSection={<IconArrowsDiff size={16} />} disabled>
          Compare
        </Button>
      )}
      <Text size="sm" c="dimmed" ref={pickedText} tabIndex={-1}>
        {pair.length === 2
          ? "Two records picked."
          : `Pick two records to compare their PAR.txt (${pair.length} of 2 picked).`}
      </Text>
      {pair.map((record, index) => {
        const time = recordTimeText(record.createdAt);
        return (
          <Button
            key={record.id}
            variant="default"
            size="compact-sm"
            rightSection={<IconX size={14} aria-hidden />}
            aria-label={`Unpick the record of ${time}${record.label ? ` · ${record.label}` : ""}`}
            {...{ [unpickButtonAttribute]: record.id }}
            onClick={() => {
              unpicking(record.id, pair[index + 1]?.id);
              unpick(record.id);
            }}
            className={classes.pickedRecord}
          >
            {/* One span: the button's label is a flex box, which would drop the spaces around "·". */}
            <span className={classes.pickedRecordText}>
              {time}
              {record.label ? (
                <>
                  {" · "}
                  <span className={classes.path}>{record.label}</span>
                </>
              ) : null}
            </span>
          </Button>
        );
      })}
    </Group>
  );
}
