import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("healthz", "routes/healthz.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("idioma", "routes/language.ts"),
  route("logout", "routes/auth/logout.ts"),
  route("arquivos/:kind/:id", "routes/files.ts"),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),

  // Public routes (spec §2.4): a signed-in user is sent to /dashboard.
  layout("routes/auth/layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("esqueci-senha", "routes/auth/forgot-password.tsx"),
    route("resetar-senha", "routes/auth/reset-password.tsx"),
  ]),

  // Authenticated routes (spec §2.6).
  layout("routes/app/layout.tsx", [
    route("dashboard", "routes/app/dashboard.tsx"),
    route("perfil", "routes/app/profile.tsx"),
    route("selecionar-agencia", "routes/app/select-agency.tsx"),
  ]),

  index("routes/index.tsx"),
  route("*", "routes/catchall.tsx"),
] satisfies RouteConfig;
