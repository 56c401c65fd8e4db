import { TrendingDown, TrendingUp } from "lucide-react";
import { Card, CardContent } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import type { StatCardData, StatColor } from "./sample-data";

const iconColors: Record<StatColor, string> = {
  blue: "bg-brand-50 text-brand-700",
  green: "bg-emerald-50 text-emerald-700",
  amber: "bg-amber-50 text-amber-700",
  red: "bg-red-50 text-red-700",
};

export function StatCard({ title, value, change, trend, color, icon: Icon }: StatCardData) {
  const TrendIcon = trend === "up" ? TrendingUp : TrendingDown;
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-4 pt-6">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-slate-600">{title}</h3>
          <p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>
          <p className="mt-2 text-sm text-slate-600">
            <TrendIcon className={cn("mr-1 inline h-4 w-4 align-[-0.2em]", trend === "up" ? "text-emerald-700" : "text-red-700")} aria-hidden />
            <span className={cn("font-medium", trend === "up" ? "text-emerald-800" : "text-red-800")}>
              <span className="sr-only">{trend === "up" ? "Aumento de " : "Redução de "}</span>
              {change}
            </span>
            <span> vs. mês anterior</span>
          </p>
        </div>
        <span className={cn("flex h-11 w-11 shrink-0 items-center justify-center rounded-lg", iconColors[color])}>
          <Icon className="h-6 w-6" aria-hidden />
        </span>
      </CardContent>
    </Card>
  );
}
