/**
 * Runs the deadline alerts job (app/lib/services/deadlines.server.ts) once on
 * the local server, as the Cron Trigger does in production: it asks the
 * running `wrangler dev` (npm start / npm run preview, which serve with
 * --test-scheduled) to fire the app Worker's `scheduled` handler.
 *
 *   npm run alerts            (with the app served on PORT, default 8787)
 *
 * Environment: PORT (8787), HOST (127.0.0.1).
 */
const port = process.env.PORT ?? "8787";
const host = process.env.HOST ?? "127.0.0.1";
const url = `http://${host}:${port}/__scheduled?cron=${encodeURIComponent("0 * * * *")}`;

if (import.meta.main) {
  try {
    const res = await fetch(url);
    const body = (await res.text()).trim();
    if (!res.ok) {
      console.error(`The scheduled handler answered ${res.status}: ${body}`);
      process.exit(1);
    }
    console.log(`Deadline alerts run on ${host}:${port} (${body || res.status}); see the server's log for what was sent.`);
  } catch (error) {
    console.error(`No server on ${host}:${port}: start it with \`npm start\` (or \`npm run preview\` after a build). ${String(error)}`);
    process.exit(1);
  }
}
