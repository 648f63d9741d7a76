/**
 * What refers to each register's records: a delete is refused while any live
 * row of these kinds points at the record, and the refusal names each kind
 * with its count (kit/record.server.ts, "References").
 *
 * To make a module's rows protect the registers they point at, add a rule to
 * the register's list here — it depends only on the schema:
 *
 *   client: [
 *     {
 *       table: financeTitle,                      // the referencing table (has agency_id)
 *       column: financeTitle.partyId,             // holds the client's id
 *       when: eq(financeTitle.partyKind, "client"),  // optional discriminator
 *       live: isNull(financeTitle.cancelledAt),   // optional: a deleted_at column or a condition
 *       label: "finance.references.titles",       // translation key with {{count}}, in pt/en/es
 *     },
 *   ],
 *
 * The count runs within the record's agency; give the referencing column an
 * index starting with agency_id.
 */
import { eq, isNull, sql } from "drizzle-orm";
import {
  accommodationBlock,
  airBlock,
  excursion,
  excursionBoarding,
  excursionComponent,
  financeTitle,
  groundCharter,
  receptiveService,
  sale,
  saleItem,
  salePassenger,
  thirdPartyPackage,
  thirdPartyPackageDestination,
} from "~/db/schema";
import type { TitlePartyKind } from "~/db/schema/finance";
import type { ReferenceRule } from "~/lib/kit/record.server";

/** Finance (issue #13): a receivable or payable that is not cancelled keeps its party. */
const financeTitles = (kind: TitlePartyKind): ReferenceRule => ({
  table: financeTitle,
  column: financeTitle.partyId,
  when: eq(financeTitle.partyKind, kind),
  live: isNull(financeTitle.cancelledAt),
  label: "financeLedger.references.titles",
});

/** Services (issue #14): a charter that is not archived keeps its bus company and destination. */
const charters = (column: typeof groundCharter.supplierId | typeof groundCharter.destinationId): ReferenceRule => ({
  table: groundCharter,
  column,
  live: groundCharter.archivedAt,
  label: "services.references.charters",
});

/** Services (issue #14): a package that is not archived keeps its operator and its destinations. */
const packageOperators: ReferenceRule = { table: thirdPartyPackage, column: thirdPartyPackage.operatorId, live: thirdPartyPackage.archivedAt, label: "services.packages.references" };
const packageDestinations: ReferenceRule = {
  table: thirdPartyPackageDestination,
  column: thirdPartyPackageDestination.destinationId,
  live: sql`exists (select 1 from ${thirdPartyPackage} where ${thirdPartyPackage.agencyId} = ${thirdPartyPackageDestination.agencyId} and ${thirdPartyPackage.id} = ${thirdPartyPackageDestination.packageId} and ${thirdPartyPackage.archivedAt} is null)`,
  label: "services.packages.references",
};

/** Services (issue #14): a hotel or air block that is not archived keeps its hotel / airline and destination. */
const hotelBlocks = (column: typeof accommodationBlock.hotelId | typeof accommodationBlock.destinationId): ReferenceRule => ({
  table: accommodationBlock,
  column,
  live: accommodationBlock.archivedAt,
  label: "services.blocks.references.hotelBlocks",
});
const airBlocks = (column: typeof airBlock.airlineId | typeof airBlock.destinationId): ReferenceRule => ({
  table: airBlock,
  column,
  live: airBlock.archivedAt,
  label: "services.blocks.references.airBlocks",
});

/** Receptive (issue #15): a receptive service that is not deleted keeps its provider. */
const receptiveServices: ReferenceRule = {
  table: receptiveService,
  column: receptiveService.providerId,
  live: receptiveService.deletedAt,
  label: "receptive.references.services",
};

/** Excursions (issue #12): an excursion that is not archived keeps its charter and its fleet vehicle. */
const excursions = (column: typeof excursion.charterId | typeof excursion.vehicleId): ReferenceRule => ({
  table: excursion,
  column,
  live: excursion.archivedAt,
  label: "services.references.excursions",
});
/** A row of an excursion counts while the excursion is not archived. */
const ofLiveExcursion = (excursionId: typeof excursionBoarding.excursionId | typeof excursionComponent.excursionId, agencyId: typeof excursionBoarding.agencyId | typeof excursionComponent.agencyId) =>
  sql`exists (select 1 from ${excursion} where ${excursion.agencyId} = ${agencyId} and ${excursion.id} = ${excursionId} and ${excursion.archivedAt} is null)`;
/** ... its boarding points (a boarding still on the trip: not archived) ... */
const excursionBoardings: ReferenceRule = {
  table: excursionBoarding,
  column: excursionBoarding.boardingPointId,
  live: sql`${excursionBoarding.archivedAt} is null and ${ofLiveExcursion(excursionBoarding.excursionId, excursionBoarding.agencyId)}`,
  label: "services.references.excursions",
};
/** ... and its components: its crew (guides, drivers) and receptive services. */
const excursionComponents = (column: typeof excursionComponent.guideId | typeof excursionComponent.driverId | typeof excursionComponent.receptiveServiceId): ReferenceRule => ({
  table: excursionComponent,
  column,
  live: ofLiveExcursion(excursionComponent.excursionId, excursionComponent.agencyId),
  label: "services.references.excursions",
});

/**
 * Sales (issue #16): ANY sale keeps its client, its seller (agent), its
 * passengers and its items' suppliers — drafts and cancelled sales too, since
 * their history must keep naming them (the message says so). Only a draft the
 * user deleted (soft delete: gone from every screen) no longer counts.
 */
const liveSale = sql`${sale.deletedAt} is null`;
const ofSale = (saleId: typeof salePassenger.saleId | typeof saleItem.saleId, agencyId: typeof salePassenger.agencyId | typeof saleItem.agencyId) =>
  sql`exists (select 1 from ${sale} where ${sale.agencyId} = ${agencyId} and ${sale.id} = ${saleId} and ${sale.deletedAt} is null)`;
const salesAs = (column: typeof sale.clientId | typeof sale.agentId, label: string): ReferenceRule => ({ table: sale, column, live: liveSale, label });
const salePassengers: ReferenceRule = {
  table: salePassenger,
  column: salePassenger.clientId,
  live: ofSale(salePassenger.saleId, salePassenger.agencyId),
  label: "registers.references.salePassengers",
};
const saleItems: ReferenceRule = {
  table: saleItem,
  column: saleItem.supplierId,
  live: ofSale(saleItem.saleId, saleItem.agencyId),
  label: "registers.references.saleItems",
};

/** What refers to a ground charter (archiving it is refused while any is live). */
export const CHARTER_REFERENCES: ReferenceRule[] = [excursions(excursion.charterId)];

export type RegisterEntity =
  | "client"
  | "supplier"
  | "provider"
  | "agent"
  | "boarding_point"
  | "destination"
  | "receptive_service"
  | "driver"
  | "guide"
  | "fleet_vehicle";

export const REFERENCES: Record<RegisterEntity, ReferenceRule[]> = {
  client: [financeTitles("client"), salesAs(sale.clientId, "registers.references.salesAsClient"), salePassengers],
  supplier: [financeTitles("supplier"), charters(groundCharter.supplierId), packageOperators, hotelBlocks(accommodationBlock.hotelId), airBlocks(airBlock.airlineId), saleItems],
  provider: [financeTitles("provider"), receptiveServices],
  agent: [financeTitles("agent"), salesAs(sale.agentId, "registers.references.salesAsSeller")],
  boarding_point: [excursionBoardings],
  destination: [charters(groundCharter.destinationId), packageDestinations, hotelBlocks(accommodationBlock.destinationId), airBlocks(airBlock.destinationId)],
  // The receptive schedule will point at these too.
  receptive_service: [excursionComponents(excursionComponent.receptiveServiceId)],
  driver: [excursionComponents(excursionComponent.driverId)],
  guide: [excursionComponents(excursionComponent.guideId)],
  fleet_vehicle: [excursions(excursion.vehicleId)],
};
