import { Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Breadcrumb } from "~/components/shell/Breadcrumb";
import type { Crumb } from "~/lib/shell/screens";

/** Title, subtitle and breadcrumb of a system screen, with optional actions on the right. */
export function PageHeader({
  title,
  subtitle,
  trail,
  actions,
}: {
  title: string;
  subtitle?: string;
  /** Crumbs between Início and the current page. */
  trail: Crumb[];
  actions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const crumbs: Crumb[] = [{ label: t("screen.home"), href: "/dashboard" }, ...trail, { label: title, href: null }];
  return (
    <Flex direction="column" gap="2">
      <Breadcrumb crumbs={crumbs} />
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div style={{ minWidth: 0, flex: "1 1 320px" }}>
          <Heading as="h1" size="7" mb="1">
            {title}
          </Heading>
          {subtitle && <Text color="gray">{subtitle}</Text>}
        </div>
        {actions && (
          <Flex gap="2" wrap="wrap">
            {actions}
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}

/** A labelled native <select> (long lists such as time zones stay light and accessible). */
export function NativeSelect({
  name,
  label,
  options,
  defaultValue,
  error,
  errorId,
  id,
  disabled,
  hint,
  onChange,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  error?: string;
  errorId?: string;
  id?: string;
  disabled?: boolean;
  hint?: string;
  onChange?: (value: string) => void;
}) {
  const selectId = id ?? `select-${name}`;
  const errId = errorId ?? `${selectId}-error`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={selectId} size="2" weight="medium">
        {label}
      </Text>
      <select
        id={selectId}
        name={name}
        defaultValue={defaultValue}
        className="native-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        disabled={disabled}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && !error && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={errId} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

/** The stale-save notice: nothing was saved; the current values and a way to load them. */
export function StaleNotice({ message, current, reload }: { message: string; current?: string; reload: string }) {
  const { pathname } = useLocation();
  return (
    <div className="stale-notice" role="alert" data-testid="stale-notice">
      <Text as="p" weight="bold">
        {message}
      </Text>
      {current && (
        <Text as="p" size="2" data-testid="stale-current">
          {current}
        </Text>
      )}
      <a href={pathname}>{reload}</a>
    </div>
  );
}
