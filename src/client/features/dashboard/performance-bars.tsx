import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { MetricData } from "./sample-data";

export function PerformanceBars({ metrics }: { metrics: readonly MetricData[] }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Desempenho</h2>
      </CardHeader>
      <CardContent className="space-y-5">
        {metrics.map((metric) => {
          const value = Math.min(100, Math.max(0, metric.value));
          return (
            <div key={metric.label}>
              <div className="mb-1.5 flex items-center justify-between text-sm">
                <span className="font-medium text-slate-800">{metric.label}</span>
                <span className="font-semibold text-slate-900" aria-hidden>
                  {value}%
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={metric.label}
                aria-valuenow={value}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuetext={`${value}%`}
                className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-brand-600" style={{ width: `${value}%` }} />
              </div>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
