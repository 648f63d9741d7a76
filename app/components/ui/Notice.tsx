import { Callout } from "@radix-ui/themes";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";

export type NoticeTone = "error" | "success" | "info" | "warning";

const TONE = {
  error: { color: "red", Icon: CircleAlert, role: "alert" },
  warning: { color: "amber", Icon: TriangleAlert, role: "alert" },
  success: { color: "green", Icon: CircleCheck, role: "status" },
  info: { color: "gray", Icon: Info, role: "status" },
} as const;

/**
 * A notice above a form or a screen: an error (role=alert), a warning, a
 * success or an informative note (role=status), with its icon.
 */
export function Notice({
  tone,
  children,
  id,
  testId,
}: {
  tone: NoticeTone;
  children: React.ReactNode;
  id?: string;
  testId?: string;
}) {
  const { color, Icon, role } = TONE[tone];
  return (
    <Callout.Root color={color} role={role} id={id} data-testid={testId}>
      <Callout.Icon>
        <Icon size={16} aria-hidden />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
