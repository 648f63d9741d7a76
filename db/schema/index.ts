export * from "./auth";
export * from "./platform";
export * from "./registers";
