import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Two cores shared by several test files: a screen of 250 rows can take more than the default second to show.
// A screen that never shows still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  document.cookie.split("; ").forEach((cookie) => {
    const name = cookie.split("=")[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
});
