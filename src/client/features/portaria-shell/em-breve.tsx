import { Hourglass } from "lucide-react";
import { Card, CardContent } from "~/components/ui/card";

/** The Portaria Web screens the spec lists as menu entries but does not show (§2): a title and a notice. */
export function EmBreve({ title }: { title: string }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <Hourglass className="h-10 w-10 text-brand-600" aria-hidden />
          <p className="text-slate-700">Esta funcionalidade estará disponível em breve.</p>
        </CardContent>
      </Card>
    </div>
  );
}
