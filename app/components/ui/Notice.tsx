import { Callout, Flex, Text } from "@radix-ui/themes";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";

export type NoticeTone = "error" | "success" | "info" | "warning";

const TONE = {
  error: { color: "red", Icon: CircleAlert, role: "alert" },
  warning: { color: "amber", Icon: TriangleAlert, role: "alert" },
  success: { color: "green", Icon: CircleCheck, role: "status" },
  info: { color: "gray", Icon: Info, role: "status" },
} as const;

type Space = "0" | "1" | "2" | "3" | "4" | "5";

/**
 * A notice above a form or a screen: an error (role=alert), a warning, a
 * success or an informative note (role=status), with its icon.
 *
 * - `title` makes it a block: a bold first line, then `children` as block
 *   content (paragraphs, a list, links); without it `children` is one line of text.
 * - `role` overrides the tone's live-region role ("none": a static note that
 *   screen readers should not announce, e.g. "read only").
 * - `icon` replaces the tone's icon.
 */
export function Notice({
  tone,
  title,
  children,
  role,
  icon,
  size,
  mt,
  mb,
  id,
  testId,
}: {
  tone: NoticeTone;
  title?: React.ReactNode;
  children?: React.ReactNode;
  role?: "alert" | "status" | "none";
  icon?: React.ReactNode;
  size?: "1" | "2" | "3";
  mt?: Space;
  mb?: Space;
  id?: string;
  testId?: string;
}) {
  const { color, Icon, role: toneRole } = TONE[tone];
  const liveRole = role ?? toneRole;
  return (
    <Callout.Root color={color} role={liveRole === "none" ? undefined : liveRole} size={size} mt={mt} mb={mb} id={id} data-testid={testId}>
      <Callout.Icon>{icon ?? <Icon size={16} aria-hidden />}</Callout.Icon>
      {title !== undefined ? (
        <Flex direction="column" gap="2">
          <Text weight="bold">{title}</Text>
          {children}
        </Flex>
      ) : (
        <Callout.Text>{children}</Callout.Text>
      )}
    </Callout.Root>
  );
}
