/**
 * While `work` runs, closing or reloading the tab asks first (the browser's own "Leave site?"): for work
 * that is lost with the page, like a service record that is half written when the tab goes.
 */
export async function askBeforeLeavingWhile<T>(work: () => Promise<T>): Promise<T> {
  if (typeof window === "undefined") return work();
  const ask = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Chrome before 119 and older Safari ask only when returnValue is set.
    event.returnValue = true;
  };
  window.addEventListener("beforeunload", ask);
  try {
    return await work();
  } finally {
    window.removeEventListener("beforeunload", ask);
  }
}
