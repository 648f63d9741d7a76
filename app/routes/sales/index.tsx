// Skeleton: built by issue #16 (sales). Answers 404 until then.
import { notFound } from "~/lib/platform/http";

export function loader() {
  throw notFound();
}
