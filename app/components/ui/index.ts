/**
 * The product's UI pieces over Radix Themes (docs/decisions/0001).
 *
 * The rule for route modules and components:
 * - Layout and text primitives come straight from "@radix-ui/themes": Flex, Box,
 *   Grid, Container, Section, Text, Heading, Link, Button, IconButton, Card (a bare
 *   one), Separator, Avatar, TextField, TextArea, Select, Checkbox, Switch...
 *   They are Radix's stable vocabulary and wrapping them would add nothing.
 * - Composite pieces the product repeats come from here and are never rebuilt
 *   in a route: a screen's header (PageHeader), a titled card (SectionCard), a
 *   notice or callout (Notice, never Callout.Root), a status or role label
 *   (StatusBadge), nothing-to-show (EmptyState), the question before an
 *   irreversible action (ConfirmDialog, never AlertDialog), form fields
 *   (FormField), the boundary inside the shell (ShellErrorBoundary) and toasts.
 *
 * Import the file itself (`~/components/ui/Notice`) or this index.
 */
export { ConfirmDialog } from "~/components/ui/ConfirmDialog";
export { EmptyState } from "~/components/ui/EmptyState";
export { Notice, type NoticeTone } from "~/components/ui/Notice";
export { PageHeader } from "~/components/ui/PageHeader";
export { SectionCard } from "~/components/ui/SectionCard";
export { StatusBadge, type StatusTone } from "~/components/ui/StatusBadge";
export { ShellErrorBoundary } from "~/components/ui/RouteError";
