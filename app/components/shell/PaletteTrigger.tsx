import { Kbd } from "@radix-ui/themes";
import { Search } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The header's search box: opens the palette on click and with Ctrl/Cmd+K. */
export function SearchTrigger({ onOpen, onIntent }: { onOpen: () => void; onIntent?: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="search-trigger"
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      aria-haspopup="dialog"
      data-testid="search-trigger"
    >
      <Search size={16} aria-hidden />
      <span className="search-placeholder">{t("header.search")}</span>
      <Kbd size="1" className="search-kbd hide-mobile" aria-hidden>
        Ctrl K
      </Kbd>
    </button>
  );
}

/** Opens and closes the palette with Ctrl+K / Cmd+K anywhere in the shell. */
export function usePaletteHotkey(setOpen: React.Dispatch<React.SetStateAction<boolean>>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((open) => !open);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [setOpen]);
}
