import { Spinner, VisuallyHidden } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** Wait this long before showing the spinner, so fast navigations don't flicker. */
const SHOW_AFTER_MS = 150;

/** An accessible loading indicator while a navigation (and its loaders) runs. */
export function NavigationSpinner() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pendingKey = navigation.state === "idle" ? null : (navigation.location?.key ?? navigation.state);
  const [shownFor, setShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (!pendingKey) return;
    const timer = setTimeout(() => setShownFor(pendingKey), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pendingKey]);
  const visible = pendingKey !== null && shownFor === pendingKey;
  return (
    <>
      <div className="nav-progress" data-visible={visible ? "true" : "false"} aria-hidden />
      <span role="status" className="nav-spinner" data-testid="navigation-spinner" data-busy={visible ? "true" : "false"}>
        {visible && (
          <>
            <Spinner size="2" aria-hidden />
            <VisuallyHidden>{t("common.loading")}</VisuallyHidden>
          </>
        )}
      </span>
    </>
  );
}
