import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Building2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { agenciesOfEmail, switchAgency } from "~/lib/portal/access.server";
import { portalSession } from "~/middleware/portal";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/selecionar-agencia";

/**
 * A client of several agencies (the same e-mail in each) picks the one to see (spec §2.4).
 * Without a portal session there is nothing to pick: sign in at your agency's portal first.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await portalSession(context, request);
  if (!session) return data({ signedIn: false as const, current: null, agencies: [] }, { status: 401 });
  const agencies = await agenciesOfEmail(publicScope(context, request).db, session.email);
  return { signedIn: true as const, current: session.agencyId, agencies: agencies.map((a) => ({ id: a.id, name: a.name, slug: a.slug })) };
}

/** agencyId: one where the session's e-mail is a client's (another answers 404 and nothing changes). */
export async function action({ context, request }: Route.ActionArgs) {
  const session = await portalSession(context, request);
  if (!session) return data({ error: "portal.errors.signedOut" }, { status: 401 });
  const formData = await request.formData();
  const agencyId = formData.get("agencyId");
  if (typeof agencyId !== "string") return data({ error: "portal.errors.invalid" }, { status: 400 });
  const target = await switchAgency(publicScope(context, request).db, session, agencyId);
  if (!target) return data({ error: "portal.errors.invalid" }, { status: 404 });
  return redirect(`/portal/${target.slug}/dashboard`);
}

export const meta: Route.MetaFunction = () => [{ title: "Portal · Rota" }, { name: "robots", content: "noindex" }];

export default function SelectAgency({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.signedIn) {
    return (
      <Card data-testid="portal-select-signed-out">
        <Flex direction="column" gap="2" p="3">
          <Heading as="h1" size="5">
            {t("portal.select.heading")}
          </Heading>
          <Text>{t("portal.select.signedOut")}</Text>
        </Flex>
      </Card>
    );
  }
  return (
    <Flex direction="column" gap="3" data-testid="portal-select-agency">
      <Heading as="h1" size="6">
        {t("portal.select.heading")}
      </Heading>
      <Text color="gray">{t("portal.select.intro")}</Text>
      {loaderData.agencies.map((a) => (
        <Form method="post" key={a.id}>
          <input type="hidden" name="agencyId" value={a.id} />
          <Button type="submit" variant={a.id === loaderData.current ? "solid" : "soft"} size="3" style={{ width: "100%", justifyContent: "flex-start" }} data-testid="portal-agency-option">
            <Building2 size={18} aria-hidden />
            {a.name}
          </Button>
        </Form>
      ))}
    </Flex>
  );
}
