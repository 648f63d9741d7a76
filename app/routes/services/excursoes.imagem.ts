import { plainFailure } from "~/lib/platform/http";
import type { Route } from "./+types/excursoes.imagem";

// Being built this session (issue #15); answers 404 until then.
export function loader(_: Route.LoaderArgs) {
  return plainFailure(404);
}
