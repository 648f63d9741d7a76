/** The `page` search param of a server-paginated list: 1 to 10 000, 1 when absent or invalid. */
export const pageOf = (url: URL) => Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
