import { Badge } from "@radix-ui/themes";

export type StatusTone = "neutral" | "active" | "inactive" | "accent" | "info" | "danger" | "warning" | "attention";

const COLOR = {
  neutral: "gray",
  active: "green",
  inactive: "gray",
  accent: "teal",
  info: "blue",
  danger: "red",
  warning: "amber",
  attention: "orange",
} as const;

/**
 * A short status, role or kind label (active, inactive, current, a role, an
 * audit action...) in one of a few tones. `strong` fills it (something that
 * needs attention now, e.g. overdue); `outline` is the quietest form (a hint).
 * Other props (size, title, className, data-*) go to the Radix Badge.
 */
export function StatusBadge({
  tone = "neutral",
  strong = false,
  outline = false,
  children,
  testId,
  ...rest
}: {
  tone?: StatusTone;
  strong?: boolean;
  outline?: boolean;
  children: React.ReactNode;
  testId?: string;
} & Omit<React.ComponentProps<typeof Badge>, "color" | "variant" | "children">) {
  return (
    // A solid badge in high contrast: white text on the plain step-9 colours (red, amber, orange) is below 4.5:1.
    <Badge {...rest} color={COLOR[tone]} variant={strong ? "solid" : outline ? "outline" : "soft"} highContrast={strong || undefined} data-testid={testId}>
      {children}
    </Badge>
  );
}
