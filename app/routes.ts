import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  route("healthz", "routes/healthz.ts"),
  index("routes/index.tsx"),
  route("*", "routes/catchall.tsx"),
] satisfies RouteConfig;
