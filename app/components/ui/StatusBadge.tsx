import { Badge } from "@radix-ui/themes";

export type StatusTone = "neutral" | "active" | "inactive" | "accent" | "danger" | "warning";

const COLOR = {
  neutral: "gray",
  active: "green",
  inactive: "gray",
  accent: "teal",
  danger: "red",
  warning: "amber",
} as const;

/** A short status or role label (active, inactive, current, a role...) in one of a few tones. */
export function StatusBadge({ tone = "neutral", children, testId }: { tone?: StatusTone; children: React.ReactNode; testId?: string }) {
  return (
    <Badge color={COLOR[tone]} variant="soft" data-testid={testId}>
      {children}
    </Badge>
  );
}
