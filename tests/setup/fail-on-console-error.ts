import { afterEach, beforeEach, vi } from "vitest";

/** An unexpected console.error fails the test (ARCHITECTURE §4). */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const text = errors.map((args) => args.map(String).join(" ")).join("\n");
    errors = [];
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});
