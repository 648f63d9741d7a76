import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Section indexes share one redirect module; its target comes from
 * app/lib/shell/screens.ts (SECTION_INDEX), looked up by the matched pattern.
 * Ids are the full patterns so that every route stays unique.
 */
const SECTION_INDEX = "routes/app/section-index.ts";

const sectionIndex = (base: string) => index(SECTION_INDEX, { id: `index/${base}` });
/**
 * A built list + form module screen: its list, the form for novo and editar/:id (one
 * route module, two routes), the CSV export of the list's filter and, when it has one,
 * the CSV import. `folder` is the module's folder under app/routes (its domain name,
 * e.g. "registers"), `key` the URL segment (the spec's, e.g. "clientes"); the files
 * are `<folder>/<key>.tsx`, `<key>.form.tsx`, `<key>.exportar.ts`, `<key>.importar.tsx`.
 */
export const records = (folder: string, key: string, options: { importer?: boolean; exporter?: boolean } = {}) => [
  route(key, `routes/${folder}/${key}.tsx`),
  route(`${key}/novo`, `routes/${folder}/${key}.form.tsx`, { id: `${folder}/${key}/novo` }),
  route(`${key}/editar/:id`, `routes/${folder}/${key}.form.tsx`, { id: `${folder}/${key}/editar` }),
  ...(options.exporter === false ? [] : [route(`${key}/exportar`, `routes/${folder}/${key}.exportar.ts`)]),
  ...(options.importer ? [route(`${key}/importar`, `routes/${folder}/${key}.importar.tsx`)] : []),
];

export default [
  route("healthz", "routes/healthz.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("idioma", "routes/language.ts"),
  route("logout", "routes/auth/logout.ts"),
  route("arquivos/:kind/:id", "routes/files.ts"),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("dev/mailbox/:id/:index", "routes/dev-mailbox.attachment.ts"),
  // The local Asaas simulator's payments and actions (development and tests; 404 in production).
  route("dev/asaas", "routes/dev-asaas.tsx"),
  // The signed-in user's notifications (list, mark read); live updates come through /parties/.
  route("notificacoes", "routes/notifications.ts"),
  route("dev/notify", "routes/dev-notify.ts"),
  // Record search for the command palette (resource route, scoped to the agency).
  route("busca", "routes/app/search.ts"),

  // Public routes (spec §2.4): a signed-in user is sent to /dashboard.
  layout("routes/auth/layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    // Accepting an invitation to an agency (user management, licence management).
    route("convite/:token", "routes/auth/invite.tsx"),
    route("esqueci-senha", "routes/auth/forgot-password.tsx"),
    route("resetar-senha", "routes/auth/reset-password.tsx"),
  ]),

  // Authenticated routes (spec §2.6), inside the application shell.
  layout("routes/app/layout.tsx", [
    route("dashboard", "routes/app/dashboard.tsx"),
    route("perfil", "routes/app/profile.tsx"),
    route("selecionar-agencia", "routes/app/select-agency.tsx"),

    ...prefix("cadastros", [
      sectionIndex("cadastros"),
      ...records("registers", "clientes", { importer: true }),
      ...records("registers", "agentes"),
      ...records("registers", "fornecedores"),
      ...records("registers", "prestadores"),
      ...records("registers", "embarques"),
      ...records("registers", "destinos"),
      route("produtos", "routes/registers/produtos.tsx"),
    ]),

    ...prefix("crm", [
      // The pipeline as a kanban (moves saved by its action, seen live through the crm board room).
      index("routes/crm/board.tsx"),
      // Fixed segments before :stage (stages.ts RESERVED_STAGE_SLUGS: no stage may take them).
      route("etapas", "routes/crm/etapas.tsx"),
      route("negocios/novo", "routes/crm/negocios.form.tsx", { id: "crm/negocios/novo" }),
      route("negocios/editar/:id", "routes/crm/negocios.form.tsx", { id: "crm/negocios/editar" }),
      // The deal form's client picker: the agency's clients by a search.
      route("negocios/clientes", "routes/crm/negocios.clientes.ts"),
      // A deal's quote: novo?negocio={deal}, editar/:id (save, send).
      route("orcamentos/novo", "routes/crm/orcamentos.form.tsx", { id: "crm/orcamentos/novo" }),
      route("orcamentos/editar/:id", "routes/crm/orcamentos.form.tsx", { id: "crm/orcamentos/editar" }),
      // One stage as a list (filters, keyset pages) and its CSV.
      route(":stage", "routes/crm/stage.tsx"),
      route(":stage/exportar", "routes/crm/stage.exportar.ts"),
    ]),

    ...prefix("tarefas", [
      // The overview and the board; /tarefas/geral is the sidebar's "Visão Geral" of the same.
      index("routes/tasks/index.tsx", { id: "tasks/index" }),
      route("geral", "routes/tasks/index.tsx", { id: "tasks/geral" }),
      ...records("tasks", "tipos"),
      route("novo", "routes/tasks/form.tsx", { id: "tasks/novo" }),
      route("editar/:id", "routes/tasks/form.tsx", { id: "tasks/editar" }),
      // The task form's link picker: the agency's records of a kind.
      route("registros", "routes/tasks/registros.ts"),
      // One status's list (a_fazer, em_andamento, concluida, cancelada; anything else is a 404) and its CSV.
      route(":status", "routes/tasks/status.tsx"),
      route(":status/exportar", "routes/tasks/status.exportar.ts"),
    ]),

    ...prefix("servicos", [
      sectionIndex("servicos"),
      ...records("services", "pacotes-de-terceiros"),
      // A package image (or its thumbnail), to members of its agency only.
      route("pacotes-de-terceiros/imagem/:imageId", "routes/services/pacotes-de-terceiros.imagem.ts"),
      ...records("services", "fretamento-terrestre"),
      ...records("services", "bloqueio-hospedagem"),
      // The rooming list for the hotel (format csv or pdf).
      route("bloqueio-hospedagem/rooming/:id/:format", "routes/services/bloqueio-hospedagem.rooming.ts"),
      ...records("services", "bloqueio-aereo"),
      // The passenger list for the airline (format csv or pdf).
      route("bloqueio-aereo/passageiros/:id/:format", "routes/services/bloqueio-aereo.passageiros.ts"),
      ...records("services", "excursoes"),
      // An excursion image (or its thumbnail), to members of its agency only.
      route("excursoes/imagem/:imageId", "routes/services/excursoes.imagem.ts"),
      // A copy as a new draft with its dates shifted by the days the user picks.
      route("excursoes/clonar/:id", "routes/services/excursoes.clonar.tsx"),
      // What the guide holds on departure day: passengers, seats, rooming, boarding, checklist, manifest.
      route("excursoes/operacional/:id", "routes/services/excursoes.operacional.tsx"),
      // The ANTT passenger manifest (format csv or pdf).
      route("excursoes/manifesto/:id/:format", "routes/services/excursoes.manifesto.ts"),
      // The receptive schedule: the agenda (day / week), service orders, a driver's daily sheet.
      route("receptivo", "routes/receptive/agenda.tsx"),
      route("receptivo/ordens", "routes/receptive/ordens.ts"),
      route("receptivo/ordens/novo", "routes/receptive/ordens.form.tsx", { id: "receptive/ordens/novo" }),
      route("receptivo/ordens/editar/:id", "routes/receptive/ordens.form.tsx", { id: "receptive/ordens/editar" }),
      route("receptivo/folha/:driverId", "routes/receptive/folha.ts"),
    ]),

    ...prefix("receptivo", [
      sectionIndex("receptivo"),
      ...records("receptive", "servicos"),
      ...records("receptive", "motoristas"),
      ...records("receptive", "guias"),
      ...records("receptive", "frota"),
    ]),

    ...prefix("vendas", [
      // The month's sales by seller and by kind.
      index("routes/sales/index.tsx"),
      ...records("sales", "emissivo"),
      // The daily service report (the page; the format is pdf or csv).
      route("emissivo/relatorios", "routes/sales/emissivo.relatorios.tsx"),
      route("emissivo/relatorios/:format", "routes/sales/emissivo.relatorio.ts"),
      route("excursoes", "routes/sales/excursoes.tsx"),
      route("excursoes/exportar", "routes/sales/excursoes.exportar.ts"),
      // Pick the excursion and the client: creates the draft sale and goes on to gerenciar.
      route("excursoes/novo", "routes/sales/excursoes.novo.tsx"),
      // The sale on the live seat map: seats, passengers, boarding, rooms, confirm, changes afterwards.
      route("excursoes/gerenciar/:id", "routes/sales/excursoes.gerenciar.tsx"),
      // Service vouchers of a confirmed sale (PDF): one per emissivo item, one per excursion sale.
      route("emissivo/editar/:id/voucher/:itemId", "routes/sales/emissivo.voucher.ts"),
      route("excursoes/gerenciar/:id/voucher", "routes/sales/excursoes.voucher.ts"),
    ]),

    ...prefix("financeiro", [
      sectionIndex("financeiro"),
      // Receivables and payables: one module per shape serves both directions (the path says which).
      ...["contas-a-receber", "contas-a-pagar"].flatMap((key) => [
        route(key, "routes/finance/titles/list.tsx", { id: `finance/${key}` }),
        route(`${key}/novo`, "routes/finance/titles/form.tsx", { id: `finance/${key}/novo` }),
        route(`${key}/editar/:id`, "routes/finance/titles/form.tsx", { id: `finance/${key}/editar` }),
        route(`${key}/exportar`, "routes/finance/titles/export.ts", { id: `finance/${key}/exportar` }),
        // The totals of the list's filtered set, fetched after the list renders.
        route(`${key}/totais`, "routes/finance/titles/totals.ts", { id: `finance/${key}/totais` }),
        // The rate a title's save would take (currency, competence day), shown by the form before saving.
        route(`${key}/cotacao`, "routes/finance/titles/rate.ts", { id: `finance/${key}/cotacao` }),
        // A receipt attached to a title, to members of its agency only.
        route(`${key}/anexo/:id`, "routes/finance/titles/attachment.ts", { id: `finance/${key}/anexo` }),
      ]),
      ...prefix("faturamento", [
        sectionIndex("financeiro/faturamento"),
        // Invoices: pick a party and period, tick the sales, generate; the list, one invoice and its PDF.
        route("gerar-fatura", "routes/finance/invoices/gerar-fatura.tsx"),
        route("listagem-de-faturas", "routes/finance/invoices/listagem-de-faturas.tsx"),
        route("listagem-de-faturas/:id", "routes/finance/invoices/fatura.tsx"),
        route("listagem-de-faturas/:id/pdf", "routes/finance/invoices/fatura.pdf.ts"),
        // Comissões (issue #20): the lines, pay, the release policy; the report per agent and period (CSV, PDF).
        route("comissoes", "routes/finance/commissions/comissoes.tsx"),
        route("comissoes/relatorio", "routes/finance/commissions/comissoes.relatorio.ts"),
        route("comissoes/venda/:id", "routes/finance/commissions/comissoes.venda.ts"),
      ]),
      ...prefix("relatorios", [
        sectionIndex("financeiro/relatorios"),
        route("dre", "routes/finance/reports/dre.tsx"),
        route("dre/exportar", "routes/finance/reports/dre.exportar.ts"),
        route("extrato-de-contas", "routes/finance/reports/extrato-de-contas.tsx"),
        route("extrato-de-contas/exportar", "routes/finance/reports/extrato-de-contas.exportar.ts"),
        route("extrato-de-contas/pdf", "routes/finance/reports/extrato-de-contas.pdf.ts"),
      ]),
      ...prefix("configuracoes", [
        sectionIndex("financeiro/configuracoes"),
        // Payment terms, account types, chart of accounts and intermediaries edit inline (?novo, ?editar=<id>).
        route("prazos-de-pagamento", "routes/finance/settings/prazos-de-pagamento.tsx"),
        route("tipos-de-conta", "routes/finance/settings/tipos-de-conta.tsx"),
        route("plano-de-contas", "routes/finance/settings/plano-de-contas.tsx"),
        route("intermediadores", "routes/finance/settings/intermediadores.tsx"),
        ...records("finance/settings", "bancos-e-caixas"),
      ]),
      // Câmbio: the rates (list with the converter and the enabled currencies), a rate's form, the CSV import.
      ...records("finance", "cambio", { importer: true, exporter: false }),
    ]),

    ...prefix("contratos", [
      sectionIndex("contratos"),
      ...records("contracts", "modelos"),
      // The template preview's data: sales to preview with, a sale's merge values (JSON).
      route("modelos/pre-visualizar", "routes/contracts/modelos.pre-visualizar.ts"),
      // Confirmed sales without a contract: generate one or many (gerar answers JSON, one sale per call, for the progress).
      route("contratos-pendentes", "routes/contracts/contratos-pendentes.tsx"),
      route("contratos-pendentes/gerar", "routes/contracts/contratos-pendentes.gerar.ts"),
      // Contracts waiting for a signature (and every other status by filter); one contract; its PDFs; verify a PDF by its hash.
      route("assinaturas", "routes/contracts/assinaturas.tsx"),
      route("contrato/:id", "routes/contracts/contrato.tsx"),
      route("arquivo/:id/:which", "routes/contracts/arquivo.ts"),
      route("verificar", "routes/contracts/verificar.tsx"),
    ]),

    ...prefix("parametrizacao", [sectionIndex("parametrizacao"), route("email", "routes/settings/email.tsx")]),

    ...prefix("sistema", [
      sectionIndex("sistema"),
      route("user-management", "routes/system/user-management.tsx"),
      route("auditoria", "routes/system/audit.tsx"),
      route("license-management", "routes/system/license-management.tsx"),
      route("license-management/new", "routes/system/license-new.tsx"),
      route("license-management/edit/:agencyId", "routes/system/license-edit.tsx"),
      route("menu-management", "routes/system/menu-management.tsx"),
      route("minha-agencia", "routes/system/minha-agencia.tsx"),
      route("integracoes", "routes/system/integracoes.tsx"),
      route("integracoes/asaas", "routes/system/integracoes.asaas.tsx"),
      // The Asaas webhook history and one event (payload, replay): routes/system/integracoes.webhooks*.
      route("integracoes/webhooks", "routes/system/integracoes.webhooks.tsx"),
      route("integracoes/webhooks/:id", "routes/system/integracoes.webhooks.evento.tsx"),
      route("sobre", "routes/system/sobre.tsx"),
      route("historico-versoes", "routes/system/historico-versoes.tsx"),
    ]),
  ]),

  // A quote by its link (spec §2.4): public, no login; the client accepts or declines it.
  route("orcamento/:slug", "routes/public/orcamento.tsx"),
  // Public pages (spec §2.4, issue #21): no login, anyone may see them (a staff session is not sent away);
  // served from the edge cache under the agency's version (decision 0020).
  route("agencia/:agencyId/pacotes", "routes/public/agencia-pacotes.tsx"),
  route("agencia/:agencyId/sitemap.xml", "routes/public/agencia-sitemap.ts"),
  route("pacote/:slug", "routes/public/pacote.tsx"),
  route("excursao/:slug", "routes/public/excursao.tsx"),
  // The excursion's places now (uncached JSON the page polls).
  route("excursao/:slug/lugares", "routes/public/excursao.lugares.ts"),
  // Signing a contract by its link (spec §2.4): public, no login, for anyone holding the link.
  route("assinar-contrato/:token", "routes/public/assinar-contrato.tsx"),
  // The document while the link is open, or the signed copy just after signing.
  route("assinar-contrato/:token/:which", "routes/public/assinar-contrato.arquivo.ts"),

  // The client portal (spec §2.4, issue #21): its own session (app/middleware/portal.ts), no staff login.
  ...prefix("portal", [
    layout("routes/portal/layout.tsx", [
      route("selecionar-agencia", "routes/portal/selecionar-agencia.tsx"),
      route(":agencyId/acesso", "routes/portal/acesso.tsx"),
      route(":agencyId/dashboard", "routes/portal/dashboard.tsx"),
      // The client's contact fields and consent; their data as JSON (LGPD).
      route(":agencyId/meus-dados", "routes/portal/meus-dados.tsx"),
      // Reserving an excursion when the agency enables it (decision 0021 §7): places, boarding, seats, passengers.
      route(":agencyId/reservar/:excursionId", "routes/portal/reservar.tsx"),
    ]),
    route(":agencyId", "routes/portal/index.ts"),
    route(":agencyId/sair", "routes/portal/sair.ts"),
    // The client's documents, through the portal session only (404 for anyone else's).
    route(":agencyId/contrato/:id/:which", "routes/portal/contrato.ts"),
    route(":agencyId/fatura/:id", "routes/portal/fatura.ts"),
    route(":agencyId/voucher/:id/:key", "routes/portal/voucher.ts"),
    route(":agencyId/meus-dados/exportar", "routes/portal/meus-dados.exportar.ts"),
  ]),

  index("routes/index.tsx"),
  route("*", "routes/catchall.tsx"),
] satisfies RouteConfig;
