/** Hands a text to the browser as a download: UTF-8 without BOM (a Blob of a string is UTF-8). */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; free the memory a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
