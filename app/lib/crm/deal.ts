/**
 * Deals (issue #18): what browser and server share without zod — paths, the /crm/{stage}
 * list's sorts and filters, the CSV columns, the error keys.
 */
import { DEAL_SOURCES, LOGGED_ACTIVITY_KINDS } from "~/db/schema/crm";
import type { ListSpec } from "~/lib/kit/list";

export type { DealInput, ActivityInput, MoveInput } from "~/lib/crm/deal.schema";

export const DEALS_PATH = "/crm/negocios";
export const dealHref = (id: string) => `${DEALS_PATH}/editar/${id}`;
export const stageHref = (slug: string) => `/crm/${slug}`;

/** A deal id as the routes accept it (uuid v7 or the seed's fixed ids). */
export const DEAL_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const dealErr = {
  contact: "crm.errors.contact",
  lostReason: "crm.errors.lostReason",
  owner: "crm.errors.owner",
  client: "crm.errors.client",
  dates: "crm.errors.dates",
  date: "crm.errors.date",
  money: "crm.errors.money",
  stage: "crm.errors.stage",
} as const;

export const DEAL_SORTS = ["updatedAt", "value", "close"] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export type DealFilter = "owner" | "source" | "closeFrom" | "closeTo";

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
export const dealListSpec = {
  sorts: DEAL_SORTS,
  defaultSort: "updatedAt",
  defaultDir: "desc",
  filters: { owner: (v: string) => DEAL_ID.test(v), source: DEAL_SOURCES, closeFrom: isDay, closeTo: isDay },
} as const satisfies ListSpec<DealSort, DealFilter>;

export const SOURCES = DEAL_SOURCES;
export const LOGGED_KINDS = LOGGED_ACTIVITY_KINDS;

export const DEAL_CSV_COLUMNS = ["number", "title", "contact", "stage", "value", "owner", "source", "expectedClose", "destination", "updatedAt"] as const;
export type DealCsvColumn = (typeof DEAL_CSV_COLUMNS)[number];

/** A deal as the kanban shows it (deal.server.ts boardOf → components/crm/Board.tsx). */
export type BoardCard = {
  id: string;
  number: number;
  title: string;
  contact: string;
  isLead: boolean;
  valueCents: number;
  currency: string;
  ownerName: string | null;
  stageId: string;
  position: number;
  stageEnteredAt: string;
  expectedCloseDate: string | null;
  version: number;
};
