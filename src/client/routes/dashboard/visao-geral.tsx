import type { Route } from "./+types/visao-geral";
import { PerformanceBars } from "~/features/dashboard/performance-bars";
import { RecentEvents } from "~/features/dashboard/recent-events";
import { PERFORMANCE_METRICS, RECENT_EVENTS, STATS, UPCOMING_ACTIVITIES } from "~/features/dashboard/sample-data";
import { StatCard } from "~/features/dashboard/stat-card";
import { UpcomingActivities } from "~/features/dashboard/upcoming-activities";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Visão Geral | Dashboard" }];
}

export default function VisaoGeral() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Visão Geral</h1>
        <p className="mt-1 text-slate-600">Acompanhe os principais indicadores da operação.</p>
      </div>

      <section aria-labelledby="indicadores">
        <h2 id="indicadores" className="sr-only">
          Indicadores
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {STATS.map((stat) => (
            <StatCard key={stat.title} {...stat} />
          ))}
        </div>
      </section>

      <div className="grid gap-6 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <RecentEvents events={RECENT_EVENTS} />
        </div>
        <UpcomingActivities activities={UPCOMING_ACTIVITIES} />
      </div>

      <PerformanceBars metrics={PERFORMANCE_METRICS} />
    </div>
  );
}
