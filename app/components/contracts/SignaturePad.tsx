import { Button, Flex, Text } from "@radix-ui/themes";
import { Eraser } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A drawn signature (signature_pad): finger, pen or mouse on a canvas that fills
 * its box; each stroke writes the PNG data URL into the hidden input `name`, which
 * the form posts. The library is loaded on first render in the browser.
 */
export function SignaturePad({ name, invalid, describedBy }: { name: string; invalid?: boolean; describedBy?: string }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const padRef = useRef<{ clear(): void; isEmpty(): boolean; toDataURL(type?: string): string; off(): void; fromData(d: unknown): void; toData(): unknown } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const canvas = canvasRef.current;
    if (!canvas) return;
    let resize: (() => void) | null = null;
    void import("signature_pad").then(({ default: SignaturePadLib }) => {
      if (cancelled) return;
      const pad = new SignaturePadLib(canvas, { penColor: "#0b1f4d", minWidth: 0.8, maxWidth: 2.6, backgroundColor: "rgba(255,255,255,0)" });
      padRef.current = pad;
      const write = () => {
        if (inputRef.current) inputRef.current.value = pad.isEmpty() ? "" : pad.toDataURL("image/png");
      };
      pad.addEventListener("endStroke", write);
      // The canvas's bitmap follows its box and the screen's density; strokes are kept across a resize.
      resize = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const data = pad.toData();
        canvas.width = canvas.offsetWidth * ratio;
        canvas.height = canvas.offsetHeight * ratio;
        canvas.getContext("2d")?.scale(ratio, ratio);
        pad.clear();
        pad.fromData(data as never);
        write();
      };
      resize();
      window.addEventListener("resize", resize);
    });
    return () => {
      cancelled = true;
      if (resize) window.removeEventListener("resize", resize);
      padRef.current?.off();
    };
  }, []);

  return (
    <Flex direction="column" gap="1">
      <canvas
        ref={canvasRef}
        className="signature-canvas"
        role="img"
        aria-label={t("contracts.sign.drawHint")}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid="signature-canvas"
        style={{ width: "100%", height: 160, touchAction: "none", border: `1px solid ${invalid ? "var(--red-9)" : "var(--gray-7)"}`, borderRadius: 8, background: "var(--gray-1)" }}
      />
      <input ref={inputRef} type="hidden" name={name} data-testid="signature-data" />
      <Flex justify="between" align="center">
        <Text size="1" color="gray">
          {t("contracts.sign.drawHint")}
        </Text>
        <Button
          type="button"
          variant="ghost"
          size="1"
          onClick={() => {
            padRef.current?.clear();
            if (inputRef.current) inputRef.current.value = "";
          }}
        >
          <Eraser size={14} aria-hidden /> {t("contracts.sign.clear")}
        </Button>
      </Flex>
    </Flex>
  );
}
