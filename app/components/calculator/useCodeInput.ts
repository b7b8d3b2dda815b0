import { useCallback, useRef, useState, type ChangeEvent, type ClipboardEvent, type CompositionEvent } from "react";
import { codeInputText, codeInputValue, enteredCodeText } from "~/lib/calculator/enteredCode";
import {
  textAfterComposition,
  textAfterPaste,
  typedPastCodeLength,
  type CodeInputText,
} from "~/lib/calculator/pastedCode";

/** The input's text and caret, with its pictures of line breaks read as the line breaks. */
function codeInputState(input: HTMLInputElement): CodeInputText {
  const value = codeInputText(input.value);
  return {
    value,
    selectionStart: input.selectionStart ?? value.length,
    selectionEnd: input.selectionEnd ?? value.length,
  };
}

/**
 * The code input's value and events (the route's TextInput takes `props`). Typing with an input method (a
 * phone's, or a keyboard's for another script: full-width `１７２３５`) composes text in the field: while it does,
 * the field holds the raw text (setting it would break the composition, and the browser would insert it again),
 * and the code is read once the composition ends.
 * A character typed past five gets a note that it was left out (`typedPastLength`) until the next change: the field
 * holds five and decodes those, so the note says so rather than that the code is too long.
 */
export function useCodeInput(enteredCode: string, typeCode: (text: string) => void) {
  // The field's raw text while composing, and its text and caret before the composition began.
  const [composing, setComposing] = useState<string | null>(null);
  const beforeComposing = useRef<CodeInputText | null>(null);
  const [typedPast, setTypedPast] = useState<{ code: string; note: string } | null>(null);
  const listening = useRef<{
    input: HTMLInputElement;
    listener: (event: InputEvent) => void;
    keyListener: (event: KeyboardEvent) => void;
  } | null>(null);

  const type = useCallback(
    (text: string) => {
      setTypedPast(null);
      typeCode(text);
    },
    [typeCode],
  );

  // React's onBeforeInput is not the browser's beforeinput, which comes also for text the length limit drops.
  // WebKit gives that beforeinput no data: there the key pressed into a full field says what was dropped.
  const ref = useCallback((input: HTMLInputElement | null) => {
    if (listening.current) {
      listening.current.input.removeEventListener("beforeinput", listening.current.listener);
      listening.current.input.removeEventListener("keydown", listening.current.keyListener);
    }
    listening.current = null;
    if (!input) return;
    const typedPastWith = (typed: string) => {
      const note = typedPastCodeLength(codeInputState(input), typed);
      if (note) setTypedPast({ code: enteredCodeText(codeInputText(input.value)), note });
    };
    const listener = (event: InputEvent) => {
      if (event.isComposing || event.inputType !== "insertText" || event.data === null) return;
      typedPastWith(event.data);
    };
    const keyListener = (event: KeyboardEvent) => {
      const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (event.isComposing || !printable || input.value.length < input.maxLength) return;
      typedPastWith(event.key);
    };
    input.addEventListener("beforeinput", listener);
    input.addEventListener("keydown", keyListener);
    listening.current = { input, listener, keyListener };
  }, []);

  return {
    typedPastLength: typedPast?.code === enteredCode ? typedPast.note : null,
    props: {
      ref,
      value: composing ?? codeInputValue(enteredCode),
      onCompositionStart: (event: CompositionEvent<HTMLInputElement>) => {
        beforeComposing.current = codeInputState(event.currentTarget);
        setComposing(event.currentTarget.value);
      },
      onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
        const end = enteredCode.length;
        const before = beforeComposing.current ?? { value: enteredCode, selectionStart: end, selectionEnd: end };
        beforeComposing.current = null;
        setComposing(null);
        // What was composed goes in whole, as a paste does: the browser cuts a commit at the length limit, and
        // a cut `１７２３５６` would read as the valid code 17235.
        type(textAfterComposition(before, event.data));
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.currentTarget;
        const { isComposing, inputType } = event.nativeEvent as InputEvent;
        if (composing !== null || isComposing) setComposing(value);
        // Safari sends the commit after compositionend, which has read it already (whole, not cut at the limit).
        else if (inputType !== "insertFromComposition") type(enteredCodeText(codeInputText(value)));
      },
      onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
        // The browser would cut the paste at maxLength, and a cut paste can read as another valid code.
        event.preventDefault();
        type(textAfterPaste(codeInputState(event.currentTarget), event.clipboardData.getData("text")));
      },
    },
  };
}
