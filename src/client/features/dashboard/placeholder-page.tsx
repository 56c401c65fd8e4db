import { Construction } from "lucide-react";
import { Card, CardContent } from "~/components/ui/card";

/** The dashboard pages that are not built yet (spec §2: placeholders under development). */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <Construction className="h-10 w-10 text-brand-600" aria-hidden />
          <p className="text-slate-700">Esta funcionalidade está em desenvolvimento.</p>
        </CardContent>
      </Card>
    </div>
  );
}
