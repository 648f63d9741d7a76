/**
 * The template screen rendered on the server (as a first visit or without
 * JavaScript shows it): the form with the stored body read-only (the editor
 * chunk loads only in the browser), its hidden `body` field, the preview
 * without a sale, and the versions; a reader gets the read-only view.
 */
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "~/lib/contracts/default-templates";
import resources from "~/locales/resources";
import TemplateForm from "~/routes/contracts/modelos.form";

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "pt", resources, interpolation: { escapeValue: false } });
});

const template = DEFAULT_TEMPLATES[0]!;
const loaderData = (canManage: boolean) => ({
  mode: "edit" as const,
  values: { name: template.name, language: "pt", saleKind: "excursion", isDefault: "on", body: JSON.stringify(template.body) },
  version: 3,
  name: template.name,
  history: { entries: [], more: false },
  canDelete: canManage,
  timeZone: "America/Sao_Paulo",
  documentTitle: template.name,
  canManage,
  currentVersion: 2,
  versions: [
    { id: "v2", number: 2, name: template.name, language: "pt", createdAt: "2026-01-06T12:00:00.000Z", who: "Ana Paula Ribeiro" },
    { id: "v1", number: 1, name: template.name, language: "pt", createdAt: "2026-01-05T12:00:00.000Z", who: null },
  ],
});

function render(canManage: boolean) {
  const Stub = createRoutesStub([{ id: "form", path: "/contratos/modelos/editar/:id", Component: TemplateForm as never }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/contratos/modelos/editar/t1"]} hydrationData={{ loaderData: { form: loaderData(canManage) } }} />
    </I18nextProvider>,
  );
}

describe("the template screen on the server", () => {
  it("shows the form, the body read-only with its fields as labels, the hidden body, the preview and the versions", () => {
    const html = render(true);
    expect(html).toContain('data-testid="contract-template-form-page"');
    expect(html).toContain('name="name"');
    expect(html).toMatch(/<input type="hidden"[^>]* name="body" value="\{&quot;type&quot;:&quot;doc&quot;/);
    expect(html).toContain('data-testid="template-body-readonly"');
    expect(html).not.toContain('data-testid="template-editor"');
    expect(html).toContain("CONTRATO DE PRESTAÇÃO DE SERVIÇOS TURÍSTICOS");
    expect(html).toMatch(/<mark[^>]*data-field="client.name"[^>]*>\[Nome do cliente\]<\/mark>/);
    expect(html).toContain('data-testid="template-preview"');
    expect(html).toContain("Sem venda escolhida");
    expect(html).toContain('data-testid="template-version-2"');
    expect(html).toMatch(/data-testid="template-version-2" aria-current="true"/);
    expect(html).toContain("por Ana Paula Ribeiro");
    expect(html).toContain('name="version" value="3"');
  });

  it("gives a reader the template read-only, with the preview", () => {
    const html = render(false);
    expect(html).toContain('data-testid="template-read-only"');
    expect(html).not.toContain('name="body"');
    expect(html).not.toContain('name="name"');
    expect(html).toContain('data-testid="template-preview"');
    expect(html).toContain("CONTRATO DE PRESTAÇÃO DE SERVIÇOS TURÍSTICOS");
  });
});
