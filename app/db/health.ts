/** True when D1 answers a trivial query. */
export async function checkDatabase(db: D1Database): Promise<boolean> {
  try {
    const row = await db.prepare("select 1 as ok").first<{ ok: number }>();
    return row?.ok === 1;
  } catch {
    return false;
  }
}
