/** Hands a file to the browser as a download. Text or bytes go out exactly as given (a Blob of a string is UTF-8 without BOM). */
export function saveFile(
  fileName: string,
  content: string | Uint8Array<ArrayBuffer>,
  type = "text/plain;charset=utf-8",
): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; free the memory a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
