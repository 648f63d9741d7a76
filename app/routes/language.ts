import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirect } from "~/lib/platform/redirect-target";
import { serializeLanguageCookie } from "~/middleware/i18n";
import { LANGUAGES } from "~/locales";
import type { Route } from "./+types/language";

const schema = z.object({ lng: z.enum(LANGUAGES), redirectTo: z.string().optional() });

/** Saves the language choice in a cookie and goes back where the user was. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ error: "invalid_language" }, { status: 400 });
  return redirect(safeRedirect(parsed.data.redirectTo, "/"), {
    headers: { "Set-Cookie": serializeLanguageCookie(parsed.data.lng) },
  });
}

export function loader() {
  return redirect("/");
}
