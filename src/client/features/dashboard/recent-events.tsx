import { Clock, MapPin } from "lucide-react";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import type { EventData, StatusColor } from "./sample-data";

const statusClasses: Record<StatusColor, string> = {
  green: "bg-emerald-100 text-emerald-800",
  yellow: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-800",
  blue: "bg-brand-100 text-brand-900",
};

export function RecentEvents({ events }: { events: readonly EventData[] }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <h2 id="eventos-recentes" className="text-lg font-semibold text-slate-900">
          Eventos Recentes
        </h2>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="eventos-recentes" className="divide-y divide-slate-200">
          {events.map((event) => (
            <li key={event.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{event.title}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="h-3.5 w-3.5" aria-hidden />
                    {event.location}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Clock className="h-3.5 w-3.5" aria-hidden />
                    {event.time}
                  </span>
                </p>
              </div>
              <span
                className={cn("inline-flex w-fit shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", statusClasses[event.statusColor])}
              >
                {event.status}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
