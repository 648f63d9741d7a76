/**
 * Contracts (issue #17), pure: paths, the lists' URL state, statuses and what can
 * be done in each, the signing link's token shape, the refusal keys. The zod
 * schemas are in contract.schema.ts, data access in contract.server.ts (staff)
 * and sign.server.ts (the public signing page).
 */
import { CONTRACT_STATUSES, type ContractStatus } from "~/db/schema/contracts";
import type { ListSpec } from "~/lib/kit/list";

export { CONTRACT_STATUSES, type ContractStatus };

export const CONTRACTS_PATH = "/contratos";
export const PENDING_PATH = `${CONTRACTS_PATH}/contratos-pendentes`;
export const SIGNATURES_PATH = `${CONTRACTS_PATH}/assinaturas`;
export const VERIFY_PATH = `${CONTRACTS_PATH}/verificar`;
export const contractPath = (id: string) => `${CONTRACTS_PATH}/contrato/${id}`;
export const contractFilePath = (id: string, which: "original" | "assinado") => `${CONTRACTS_PATH}/arquivo/${id}/${which}`;
export const signPath = (token: string) => `/assinar-contrato/${token}`;
export const signLink = (origin: string, token: string) => `${origin}${signPath(token)}`;

export const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A signing token: 32 random bytes in base64url (43 characters). */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Most sales generated in one request (the rest wait for the next). */
export const MAX_BATCH = 50;
/** Failed signing attempts (wrong CPF or code) before the link locks. */
export const MAX_FAILED_ATTEMPTS = 10;
/** How long a one-time code works. */
export const OTP_MINUTES = 10;
/** How long the signer may download the signed copy from the confirmation. */
export const SIGNED_COPY_MINUTES = 30;
export const LINK_DAYS = { min: 1, max: 90, default: 15 } as const;
/** The largest drawn signature accepted (PNG bytes). */
export const MAX_SIGNATURE_BYTES = 300_000;
/** The largest PDF the verify page reads. */
export const MAX_VERIFY_BYTES = 20 * 1024 * 1024;

/** Statuses whose link is out with the client, waiting. */
export const AWAITING: readonly ContractStatus[] = ["sent", "viewed"];
export const canSend = (status: ContractStatus) => status === "generated" || status === "sent" || status === "viewed" || status === "expired";
export const canCancel = (status: ContractStatus) => status === "generated" || status === "sent" || status === "viewed" || status === "expired";

// ---------------------------------------------------------------------------
// Lists

/** /contratos/contratos-pendentes: confirmed sales without a live contract. */
export const PENDING_SORTS = ["saleDate", "number"] as const;
export type PendingSort = (typeof PENDING_SORTS)[number];
export type PendingFilter = "tipo";
export const pendingListSpec: ListSpec<PendingSort, PendingFilter> = {
  sorts: PENDING_SORTS,
  defaultSort: "saleDate",
  defaultDir: "desc",
  filters: { tipo: ["emissivo", "excursion"] },
};

/** /contratos/assinaturas: contracts; without a filter the ones waiting (generated, sent, viewed); `todos` every one. */
export const SIGNATURE_SORTS = ["createdAt", "number"] as const;
export type SignatureSort = (typeof SIGNATURE_SORTS)[number];
export type SignatureFilter = "situacao";
export const SIGNATURE_FILTER_VALUES = ["todos", ...CONTRACT_STATUSES] as const;
export const signatureListSpec: ListSpec<SignatureSort, SignatureFilter> = {
  sorts: SIGNATURE_SORTS,
  defaultSort: "createdAt",
  defaultDir: "desc",
  filters: { situacao: SIGNATURE_FILTER_VALUES },
};

// ---------------------------------------------------------------------------
// Refusals (translation keys)

export const contractErr = {
  notConfirmed: "contracts.errors.notConfirmed",
  exists: "contracts.errors.exists",
  noTemplate: "contracts.errors.noTemplate",
  template: "contracts.errors.template",
  noEmail: "contracts.errors.noEmail",
  notSendable: "contracts.errors.notSendable",
  notCancellable: "contracts.errors.notCancellable",
  stale: "contracts.errors.stale",
  reason: "contracts.errors.reason",
  nothingSelected: "contracts.errors.nothingSelected",
  tooMany: "contracts.errors.tooMany",
  file: "contracts.errors.file",
  fileType: "contracts.errors.fileType",
} as const;

export const signErr = {
  name: "contracts.sign.errors.name",
  cpf: "contracts.sign.errors.cpf",
  cpfMismatch: "contracts.sign.errors.cpfMismatch",
  accept: "contracts.sign.errors.accept",
  signature: "contracts.sign.errors.signature",
  typed: "contracts.sign.errors.typed",
  code: "contracts.sign.errors.code",
  codeRequired: "contracts.sign.errors.codeRequired",
  reason: "contracts.sign.errors.reason",
} as const;

/** What the signing page says about a link that cannot be used. */
export const LINK_STATES = ["invalid", "expired", "signed", "declined", "cancelled", "locked"] as const;
export type LinkState = (typeof LINK_STATES)[number];
