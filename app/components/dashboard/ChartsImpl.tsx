/**
 * The dashboard's chart drawing (recharts), its own chunk: DashboardCharts imports it
 * after hydration, so no other screen loads recharts. Axis and tooltip money in the
 * user's language (platform/format.ts).
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartProps } from "~/components/dashboard/DashboardCharts";
import { formatMoney, formatNumber } from "~/lib/platform/format";

export function MoneyChart({ points, names, language }: ChartProps) {
  const axis = (cents: number) => formatNumber(cents / 100, language, { notation: "compact", maximumFractionDigits: 1 });
  return (
    <div style={{ width: "100%", height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        {/* Drawn for the eye only (its wrapper is aria-hidden; the table view is the accessible one): no keyboard stop inside it. */}
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={axis} tick={{ fontSize: 12 }} width={56} />
          <Tooltip formatter={(value) => formatMoney(Number(value), "BRL", language)} />
          <Legend />
          <Bar dataKey="a" name={names[0]} fill="var(--accent-9)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="b" name={names[1]} fill="var(--amber-9)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
