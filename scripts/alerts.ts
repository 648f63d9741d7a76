/**
 * Runs the deadline alerts job (app/lib/services/deadlines.server.ts) once on
 * the local server, as the Cron Trigger does in production: it asks the
 * running `wrangler dev` (npm start / npm run preview) to fire the app
 * Worker's `scheduled` handler through Miniflare's /cdn-cgi/mf/scheduled.
 *
 *   npm run alerts            (with the app served on PORT, default 8787)
 *
 * Environment: PORT (8787), HOST (127.0.0.1).
 */
const port = process.env.PORT ?? "8787";
const host = process.env.HOST ?? "127.0.0.1";
const url = `http://${host}:${port}/cdn-cgi/mf/scheduled?cron=${encodeURIComponent("0 * * * *")}`;

if (import.meta.main) {
  try {
    const res = await fetch(url);
    const body = (await res.text()).trim();
    if (!res.ok) {
      console.error(`The scheduled handler answered ${res.status}: ${body}`);
      process.exit(1);
    }
    if (body !== "ok") {
      console.error(`${host}:${port} did not run the scheduled handler (is it the app served by wrangler dev?).`);
      process.exit(1);
    }
    console.warn(`Deadline alerts run on ${host}:${port}: the agencies' Admin and Operacional users have their notifications.`);
  } catch (error) {
    console.error(`No server on ${host}:${port}: start it with \`npm start\` (or \`npm run preview\` after a build). ${String(error)}`);
    process.exit(1);
  }
}
