import { CalendarClock } from "lucide-react";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { ActivityData } from "./sample-data";

export function UpcomingActivities({ activities }: { activities: readonly ActivityData[] }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <h2 id="proximas-atividades" className="text-lg font-semibold text-slate-900">
          Próximas Atividades
        </h2>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="proximas-atividades" className="space-y-4">
          {activities.map((activity) => (
            <li key={`${activity.title}-${activity.time}`} className="flex gap-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <CalendarClock className="h-5 w-5" aria-hidden />
              </span>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{activity.title}</p>
                <p className="text-sm text-slate-600">{activity.location}</p>
                <p className="text-sm font-medium text-brand-700">{activity.time}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
