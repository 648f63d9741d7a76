/**
 * Which Asaas the app talks to: the network in production (APP_ENV "production") or
 * when ASAAS_NETWORK is "on"; otherwise the in-process simulator (simulator.server.ts),
 * so development and tests run the whole loop with no network and no account.
 */
import type { AsaasTransport } from "~/lib/payments/asaas-client.server";
import { handleSimulatorRequest } from "~/lib/payments/simulator.server";
import type { Db } from "~/lib/platform/db.server";

export type TransportEnv = { APP_ENV?: string; ASAAS_NETWORK?: string; WEBHOOKS?: Fetcher };

export function usesNetwork(env: TransportEnv): boolean {
  return env.APP_ENV === "production" || env.ASAAS_NETWORK === "on";
}

/** The simulator's webhook delivery: the WEBHOOKS service (the webhooks Worker), else fetch. */
export function simulatorDelivery(env: TransportEnv): (request: Request) => Promise<Response> {
  return (request) => (env.WEBHOOKS ? env.WEBHOOKS.fetch(request) : fetch(request));
}

export function asaasTransport(env: TransportEnv, db: Db, waitUntil?: (promise: Promise<unknown>) => void): AsaasTransport {
  if (usesNetwork(env)) return (request) => fetch(request);
  return (request) => handleSimulatorRequest({ db, deliver: simulatorDelivery(env), waitUntil }, request);
}

/** The payment functions' dependencies for a request: the data key and the way to Asaas. */
export function paymentDeps(env: TransportEnv & { DATA_ENCRYPTION_KEY: string }, db: Db, ctx?: { waitUntil(promise: Promise<unknown>): void }) {
  return { encryptionKey: env.DATA_ENCRYPTION_KEY, transport: asaasTransport(env, db, ctx ? (p) => ctx.waitUntil(p) : undefined) };
}
