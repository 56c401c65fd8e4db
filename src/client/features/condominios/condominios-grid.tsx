import { Building2, FileText, MapPin } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { formatCnpj } from "@shared/br/cnpj";
import type { CondominioListItem } from "@shared/schemas/condominios";
import { AtivoBadge } from "~/components/ui/status-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { VirtualGrid } from "~/components/ui/virtual-grid";
import { PATHS } from "~/lib/paths";

/** 'cidade - UF', whichever of the two is known, or 'Localização não informada' (§2). */
export function localizacao(c: Pick<CondominioListItem, "cidade" | "estado">): string {
  const parts = [c.cidade?.trim(), c.estado?.trim()].filter(Boolean);
  return parts.length ? parts.join(" - ") : "Localização não informada";
}

/** §2 Condominiums: one card per condominium, in the list's order (by name). */
export function CondominiosGrid({ rows }: { rows: CondominioListItem[] }) {
  if (rows.length === 0) {
    return (
      <Card className="px-4 py-12 text-center text-slate-600">
        <Building2 className="mx-auto mb-2 h-8 w-8 text-slate-400" aria-hidden />
        Nenhum condomínio encontrado
      </Card>
    );
  }
  return <VirtualGrid label="Condomínios cadastrados" items={rows} itemKey={(c) => c.id} renderItem={(c) => <CondominioCard condominio={c} />} />;
}

function CondominioCard({ condominio: c }: { condominio: CondominioListItem }) {
  const titleId = useId();
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-lg font-semibold leading-tight text-slate-900 [overflow-wrap:anywhere]">
          {c.nome}
        </h2>
        <AtivoBadge ativo={c.ativo} />
      </div>
      <dl className="grid gap-2 text-sm text-slate-700">
        <div className="flex items-center gap-2">
          <dt className="shrink-0">
            <FileText className="h-4 w-4 text-slate-500" aria-hidden />
            <span className="sr-only">CNPJ</span>
          </dt>
          <dd className={c.cnpj ? "tabular-nums" : "text-slate-600"}>{c.cnpj ? formatCnpj(c.cnpj) : "CNPJ não informado"}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="shrink-0">
            <MapPin className="h-4 w-4 text-slate-500" aria-hidden />
            <span className="sr-only">Localização</span>
          </dt>
          <dd className={c.cidade || c.estado ? undefined : "text-slate-600"}>{localizacao(c)}</dd>
        </div>
      </dl>
      <Button asChild variant="outline" className="mt-auto w-full">
        <Link to={PATHS.condominio(c.id)} aria-describedby={titleId}>
          Detalhes / Editar
        </Link>
      </Button>
    </Card>
  );
}
