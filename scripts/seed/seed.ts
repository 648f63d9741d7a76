/**
 * Demo data. Idempotent: every row has a fixed id and is inserted with
 * ON CONFLICT DO NOTHING, so seeding twice changes nothing (not even a password).
 * Used by scripts/setup.ts (local start) and by the integration tests.
 * The Registers' demo rows come from scripts/seed/seed-registers.ts.
 */
import { defaultLicence } from "../../app/lib/system/licence.ts";
import { buildRegisterRows, REGISTER_TABLES, type RegisterTable, type SeedRow } from "./seed-registers.ts";
import { buildFinanceRows, FINANCE_TABLES, type FinanceTable } from "./seed-finance.ts";
import { buildPackageRows, PACKAGE_TABLES, type PackageTable } from "./seed-packages.ts";
import { buildServiceRows, SERVICE_TABLES, type ServiceTable } from "./seed-services.ts";
import { buildReceptiveRows, RECEPTIVE_TABLES, type ReceptiveTable } from "./seed-receptive.ts";
import { buildExcursionRows, EXCURSION_TABLES, type ExcursionTable } from "./seed-excursions.ts";
import { buildSalesRows, SALES_TABLES, type SalesTable } from "./seed-sales.ts";
import { buildInvoiceRows, INVOICE_TABLES, type InvoiceTable } from "./seed-invoices.ts";
import { buildCommissionRows } from "./seed-commissions.ts";
import { buildContractTemplateRows, CONTRACT_TEMPLATE_TABLES, type ContractTemplateTable } from "./seed-contract-templates.ts";
import { buildTaskRows, TASK_TABLES, type TaskTable } from "./seed-tasks.ts";
import { buildCrmStatements } from "./seed-crm.ts";
import { buildPaymentRows, type PaymentSeedTable } from "./seed-payments.ts";
import { buildFxRows, FX_TABLES, type FxTable } from "./seed-fx.ts";

export const DEMO_PASSWORD = "demo-rota-2026";

export const DEMO_AGENCIES = [
  {
    id: "0190a000-0000-7000-8000-000000000001",
    name: "Sol Viagens",
    legalName: "Sol Viagens e Turismo Ltda.",
    slug: "sol-viagens",
    cnpj: "11222333000181",
    city: "São Paulo",
    state: "SP",
    email: "contato@sol.example",
    phone: "+55 11 3000-1000",
  },
  {
    id: "0190a000-0000-7000-8000-000000000002",
    name: "Mar Turismo",
    legalName: "Mar Turismo Receptivo Ltda.",
    slug: "mar-turismo",
    cnpj: "45723174000110",
    city: "Salvador",
    state: "BA",
    email: "contato@mar.example",
    phone: "+55 71 3000-2000",
  },
] as const;

export const DEMO_USERS = [
  { id: "0190a000-0000-7000-8000-000000000101", email: "super@rota.example", name: "Sofia Superadmin", role: "SuperAdmin", agencyId: null },
  { id: "0190a000-0000-7000-8000-000000000102", email: "admin@sol.example", name: "Ana Paula Ribeiro", role: "Admin", agencyId: DEMO_AGENCIES[0].id },
  { id: "0190a000-0000-7000-8000-000000000103", email: "agente@sol.example", name: "Bruno Carvalho Lima", role: "Agente", agencyId: DEMO_AGENCIES[0].id },
  { id: "0190a000-0000-7000-8000-000000000104", email: "admin@mar.example", name: "Marina Costa Souza", role: "Admin", agencyId: DEMO_AGENCIES[1].id },
] as const;

const q = (v: string | number | boolean | null | undefined): string => {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return String(v);
  if (typeof v === "boolean") return v ? "1" : "0";
  return `'${v.replaceAll("'", "''")}'`;
};

const insert = (table: string, row: Record<string, string | number | boolean | null | undefined>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(q).join(", ")}) ON CONFLICT DO NOTHING;`;

/** Rows per multi-row INSERT: keeps each statement far below D1's 100 KB statement limit. */
export const SEED_ROWS_PER_STATEMENT = 20;

/** Rows per multi-row INSERT of the finance tables (short rows, many of them: fewer statements). */
export const SEED_FINANCE_ROWS_PER_STATEMENT = 150;

/** Rows per multi-row INSERT of the sales tables (rows under 1 KB: well below the statement limit). */
export const SEED_SALES_ROWS_PER_STATEMENT = 100;

/** Rows per multi-row INSERT of the contract templates (bodies of ~20 KB: one agency's two per statement). */
export const SEED_CONTRACT_TEMPLATE_ROWS_PER_STATEMENT = 2;

/** Multi-row INSERTs of rows that share their columns, `perStatement` at a time. */
function insertMany(table: string, rows: readonly SeedRow[], perStatement = SEED_ROWS_PER_STATEMENT): string[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((row) => {
      const keys = Object.keys(row);
      if (keys.length !== columns.length || keys.some((k, j) => k !== columns[j])) {
        throw new Error(`seed: a ${table} row has columns ${keys.join(", ")}, expected ${columns.join(", ")}`);
      }
      return `(${columns.map((c) => q(row[c])).join(", ")})`;
    });
    out.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")}\nON CONFLICT DO NOTHING;`);
  }
  return out;
}

/**
 * The demo commission lines, each only when the stored sale is the one it was computed
 * for (confirmed, same seller, day, number and base): on a later day the sales keep
 * their first day's rows (their ids conflict), and a line computed from today's
 * different sale with the same id would not match it.
 */
function insertCommissionLines(rows: readonly SeedRow[]): string[] {
  return insertMany("commission_line", rows, SEED_SALES_ROWS_PER_STATEMENT).map((statement) => {
    const columns = Object.keys(rows[0]!);
    const col = (name: string) => `v.column${columns.indexOf(name) + 1}`;
    const values = statement.slice(statement.indexOf("VALUES\n") + "VALUES\n".length, statement.lastIndexOf("\nON CONFLICT"));
    return `INSERT INTO commission_line (${columns.join(", ")}) SELECT * FROM (VALUES\n${values}) v WHERE EXISTS (SELECT 1 FROM sale s WHERE s.id = ${col("sale_id")} AND s.agency_id = ${col("agency_id")} AND s.status = 'confirmed' AND s.agent_id = ${col("agent_id")} AND s.sale_date = ${col("sale_date")} AND s.number = ${col("sale_number")} AND (CASE ${col("rule")} WHEN 'margin_percent' THEN s.margin_cents ELSE s.price_cents - s.discount_cents END) = ${col("base_cents")})\nON CONFLICT DO NOTHING;`;
  });
}

/**
 * The week of service orders, only into an agency that has none: the orders are
 * dated from the day of seeding, so yesterday's week and today's overlap with other
 * ids, and the no-double-booking trigger (BEFORE INSERT, before ON CONFLICT is
 * considered) would refuse the whole seed on a second day. SQLite computes an INSERT's
 * SELECT that reads the target table before inserting, so one statement per agency
 * inserts all of its rows or none.
 */
function insertOrdersOnce(rows: readonly SeedRow[]): string[] {
  const byAgency = new Map<string, SeedRow[]>();
  for (const row of rows) byAgency.set(String(row.agency_id), [...(byAgency.get(String(row.agency_id)) ?? []), row]);
  return [...byAgency].map(([agencyId, agencyRows]) => {
    const [statement] = insertMany("receptive_order", agencyRows, agencyRows.length);
    const columns = Object.keys(agencyRows[0]);
    const values = statement!.slice(statement!.indexOf("VALUES\n") + "VALUES\n".length, statement!.lastIndexOf("\nON CONFLICT"));
    return `INSERT INTO receptive_order (${columns.join(", ")}) SELECT * FROM (VALUES\n${values}) WHERE NOT EXISTS (SELECT 1 FROM receptive_order WHERE agency_id = ${q(agencyId)})\nON CONFLICT DO NOTHING;`;
  });
}

export async function buildSeedStatements(
  hashPassword: (password: string) => Promise<string>,
  now = new Date("2026-01-05T12:00:00.000Z"),
  /** The day the dated demo data (services, orders, excursions, sales, deals, tasks) starts from. */
  today = new Date(),
): Promise<string[]> {
  const iso = now.toISOString();
  const ms = now.getTime();
  const statements: string[] = [];
  for (const a of DEMO_AGENCIES) {
    statements.push(
      insert("agency", {
        id: a.id,
        name: a.name,
        legal_name: a.legalName,
        slug: a.slug,
        cnpj: a.cnpj,
        city: a.city,
        state: a.state,
        country: "BR",
        email: a.email,
        phone: a.phone,
        time_zone: "America/Sao_Paulo",
        currency: "BRL",
        plan: "standard",
        active: true,
        created_at: iso,
        updated_at: iso,
        version: 1,
      }),
      insert("licence", {
        agency_id: a.id,
        modules: JSON.stringify(defaultLicence()),
        created_at: iso,
        updated_at: iso,
        version: 1,
      }),
    );
  }
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    statements.push(
      insert("user", { id: u.id, name: u.name, email: u.email, email_verified: true, created_at: ms, updated_at: ms }),
      insert("account", {
        id: `acc-${u.id}`,
        account_id: u.id,
        provider_id: "credential",
        user_id: u.id,
        password: hash,
        created_at: ms,
        updated_at: ms,
      }),
      insert("profile", {
        id: u.id,
        role: u.role,
        agency_id: u.agencyId,
        name: u.name,
        active: true,
        created_at: iso,
        updated_at: iso,
        version: 1,
      }),
    );
  }
  // Registers (Cadastros): after the users, since an agent links to one.
  const agentUser = DEMO_USERS.find((u) => u.email === "agente@sol.example");
  const registers = buildRegisterRows(DEMO_AGENCIES, { now, agentUserId: agentUser?.id ?? null });
  for (const table of Object.keys(REGISTER_TABLES) as RegisterTable[]) {
    statements.push(...insertMany(table, registers[table]));
  }
  // Finance (scripts/seed/seed-finance.ts): a year of titles and entries over the registers' clients and suppliers.
  const finance = buildFinanceRows(DEMO_AGENCIES, {
    now,
    parties: Object.fromEntries(
      DEMO_AGENCIES.map((a) => [
        a.id,
        {
          clients: registers.client.filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.name) })),
          suppliers: registers.supplier.filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.name), category: String(r.category) })),
          userId: DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null,
        },
      ]),
    ),
  });
  for (const table of Object.keys(FINANCE_TABLES) as FinanceTable[]) {
    statements.push(...insertMany(table, finance[table], SEED_FINANCE_ROWS_PER_STATEMENT));
  }
  // Services: third-party packages (scripts/seed/seed-packages.ts), departures counted from today.
  const packages = buildPackageRows(DEMO_AGENCIES, {
    today,
    parties: Object.fromEntries(
      DEMO_AGENCIES.map((a) => {
        const operators = registers.supplier.filter((r) => r.agency_id === a.id && r.category === "operator");
        return [
          a.id,
          {
            operators: operators.map((r) => String(r.id)),
            operatorNames: Object.fromEntries(operators.map((r) => [String(r.id), String(r.trade_name ?? r.name)])),
            destinations: registers.destination.filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.name) })),
            userId: DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null,
          },
        ];
      }),
    ),
  });
  for (const table of Object.keys(PACKAGE_TABLES) as PackageTable[]) {
    statements.push(...insertMany(table, packages[table]));
  }
  // Receptive (scripts/seed/seed-receptive.ts): services, drivers, guides, fleet and a week of orders from today.
  const receptive = buildReceptiveRows(DEMO_AGENCIES, {
    today,
    userIds: Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null])),
    providers: Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, registers.provider.filter((r) => r.agency_id === a.id).map((r) => String(r.id))])),
  });
  for (const table of Object.keys(RECEPTIVE_TABLES) as ReceptiveTable[]) {
    if (table === "receptive_order") statements.push(...insertOrdersOnce(receptive[table]));
    else statements.push(...insertMany(table, receptive[table]));
  }
  // Services (scripts/seed/seed-services.ts): two charters, a hotel block and an air block per agency, dated from today.
  const services = await buildServiceRows(DEMO_AGENCIES, {
    today,
    parties: Object.fromEntries(
      DEMO_AGENCIES.map((a) => [
        a.id,
        {
          suppliers: registers.supplier.filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.trade_name ?? r.name), category: String(r.category) })),
          destinations: [...registers.destination, ...packages.destination].filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.name) })),
          userId: DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null,
        },
      ]),
    ),
  });
  for (const table of Object.keys(SERVICE_TABLES) as ServiceTable[]) {
    statements.push(...insertMany(table, services[table]));
  }
  // Excursions (scripts/seed/seed-excursions.ts): on the charters, boarding points, crew and fleet above; no passengers.
  const excursions = buildExcursionRows(DEMO_AGENCIES, { today, parties: excursionParties(registers, packages, receptive, services) });
  for (const table of Object.keys(EXCURSION_TABLES) as ExcursionTable[]) {
    statements.push(...insertMany(table, excursions[table]));
  }
  // Sales (scripts/seed/seed-sales.ts): months of sales of both kinds, their titles and seats, dated from today.
  const sales = buildSalesRows(DEMO_AGENCIES, {
    today,
    now,
    rows: { ...registers, ...finance, ...excursions },
    userIds: Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null])),
  });
  for (const table of Object.keys(SALES_TABLES) as SalesTable[]) {
    statements.push(...insertMany(table, sales[table], table.startsWith("finance") ? SEED_FINANCE_ROWS_PER_STATEMENT : SEED_SALES_ROWS_PER_STATEMENT));
  }
  // Invoices (scripts/seed/seed-invoices.ts): two per agency of the sales above, linking their receivables.
  const invoices = buildInvoiceRows(DEMO_AGENCIES, {
    now,
    today: today.toISOString().slice(0, 10),
    rows: { sale: sales.sale, sale_item: sales.sale_item, finance_title: sales.finance_title, client: registers.client },
    userIds: Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null])),
  });
  for (const table of Object.keys(INVOICE_TABLES) as InvoiceTable[]) {
    statements.push(...insertMany(table, invoices[table], SEED_SALES_ROWS_PER_STATEMENT));
  }
  // Commissions (scripts/seed/seed-commissions.ts): the sellers' lines of the confirmed sales above.
  statements.push(...insertCommissionLines(buildCommissionRows({ sale: sales.sale, finance_title: sales.finance_title, agent: registers.agent })));
  // Contract templates (scripts/seed/seed-contract-templates.ts): the two defaults every agency gets, version 1.
  const templates = buildContractTemplateRows(DEMO_AGENCIES, {
    now,
    userIds: Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null])),
  });
  for (const table of Object.keys(CONTRACT_TEMPLATE_TABLES) as ContractTemplateTable[]) {
    statements.push(...insertMany(table, templates[table], SEED_CONTRACT_TEMPLATE_ROWS_PER_STATEMENT));
  }
  // CRM (scripts/seed/seed-crm.ts): the default stages and 32 deals per agency with their timelines, around today.
  statements.push(
    ...buildCrmStatements(DEMO_AGENCIES, {
      today,
      parties: Object.fromEntries(
        DEMO_AGENCIES.map((a) => [
          a.id,
          {
            clients: registers.client.filter((r) => r.agency_id === a.id).map((r) => ({ id: String(r.id), name: String(r.name) })),
            userIds: DEMO_USERS.filter((u) => u.agencyId === a.id).map((u) => u.id),
          },
        ]),
      ),
    }),
  );
  // Tasks (scripts/seed/seed-tasks.ts): the task types and eight tasks per user of each agency, due around today.
  const tasks = buildTaskRows(DEMO_AGENCIES, { now, today, users: DEMO_USERS, clients: registers.client });
  for (const table of Object.keys(TASK_TABLES) as TaskTable[]) {
    statements.push(...insertMany(table, tasks[table], SEED_SALES_ROWS_PER_STATEMENT));
  }
  // Payments (scripts/seed/seed-payments.ts): Sol Viagens's Asaas integration in sandbox, on the local simulator.
  const sol = DEMO_AGENCIES[0];
  const payments = await buildPaymentRows(sol, { agencyIndex: 0, userId: DEMO_USERS.find((u) => u.agencyId === sol.id && u.role === "Admin")?.id ?? null, now });
  for (const table of ["bank_account", "intermediary", "payment_integration", "asaas_sim_webhook"] as PaymentSeedTable[]) {
    statements.push(...insertMany(table, payments[table]));
  }
  // Câmbio (scripts/seed/seed-fx.ts): USD and EUR enabled, their rates for the business days of the last 90 days
  // (days in São Paulo's calendar: the demo agencies' zone, 3 hours behind UTC).
  const fx = buildFxRows(DEMO_AGENCIES, {
    now,
    today: new Date(today.getTime() - 3 * 3_600_000).toISOString().slice(0, 10),
    userIds: Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null])),
  });
  for (const table of Object.keys(FX_TABLES) as FxTable[]) {
    statements.push(...insertMany(table, fx[table], SEED_FINANCE_ROWS_PER_STATEMENT));
  }
  return statements;
}

/** What each demo agency's excursions use from the rows seeded before them. */
export function excursionParties(
  registers: Record<string, SeedRow[]>,
  packages: Record<string, SeedRow[]>,
  receptive: Record<string, SeedRow[]>,
  services: Record<string, SeedRow[]>,
) {
  const of = (rows: readonly SeedRow[] | undefined, agencyId: string) => (rows ?? []).filter((r) => r.agency_id === agencyId);
  return Object.fromEntries(
    DEMO_AGENCIES.map((a) => [
      a.id,
      {
        charters: of(services.ground_charter, a.id).map((r) => ({
          id: String(r.id),
          title: String(r.title),
          capacity: Number(r.capacity),
          departureAt: String(r.departure_at),
          returnAt: r.return_at ? String(r.return_at) : null,
          destinationId: r.destination_id ? String(r.destination_id) : null,
        })),
        boardingPoints: of(registers.boarding_point, a.id).map((r) => ({ id: String(r.id), name: String(r.name), offset: Number(r.default_offset_minutes) })),
        destinations: [...of(registers.destination, a.id), ...of(packages.destination, a.id)].map((r) => ({ id: String(r.id), name: String(r.name) })),
        guides: of(receptive.guide, a.id).map((r) => String(r.id)),
        drivers: of(receptive.driver, a.id).map((r) => String(r.id)),
        fleet: of(receptive.fleet_vehicle, a.id).map((r) => ({ id: String(r.id), plate: String(r.plate), seats: Number(r.seats) })),
        hotelBlocks: of(services.accommodation_block, a.id).map((r) => String(r.id)),
        userId: DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")?.id ?? null,
      },
    ]),
  );
}
