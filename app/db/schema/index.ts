export * from "~/db/schema/auth";
export * from "~/db/schema/platform";
export * from "~/db/schema/registers";
export * from "~/db/schema/finance";
export * from "~/db/schema/services";
export * from "~/db/schema/receptive";
export * from "~/db/schema/excursions";
export * from "~/db/schema/sales";
