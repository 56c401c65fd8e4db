import { useQuery } from "@tanstack/react-query";
import { Building2, Car, FileBarChart, House, Percent, Users, UsersRound, Wrench, type LucideIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { PermissionName } from "@shared/permissions";
import type { PainelStats } from "@shared/schemas/painel";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Label } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { formatCount, formatOcupacao, formatTaxa } from "~/features/painel/format";
import { TODOS } from "~/components/portaria/condominio-filter";
import { condominiosAtivosQuery } from "~/lib/pick-lists";
import { painelStatsQuery } from "~/features/painel/queries";
import { AcessosCard } from "~/features/painel/acessos-card";
import { EncomendasCard } from "~/features/painel/encomendas-card";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { useAuth } from "~/lib/auth";
import { toastError } from "~/lib/toast";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/painel";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Painel de Controle");
}

type CountKey = "moradores_ativos" | "unidades_ativas" | "veiculos_ativos" | "prestadores_ativos";

const COUNT_CARDS: readonly { key: CountKey; title: string; icon: LucideIcon; tone: string }[] = [
  { key: "moradores_ativos", title: "Moradores Ativos", icon: Users, tone: "bg-brand-50 text-brand-700" },
  { key: "unidades_ativas", title: "Unidades Ativas", icon: House, tone: "bg-emerald-50 text-emerald-700" },
  { key: "veiculos_ativos", title: "Veículos Ativos", icon: Car, tone: "bg-amber-50 text-amber-800" },
  { key: "prestadores_ativos", title: "Prestadores Ativos", icon: Wrench, tone: "bg-violet-50 text-violet-700" },
];

// §2 Painel de Controle: each quick link shows only with the permission of its screen (§6).
const QUICK_LINKS: readonly { label: string; to: string; icon: LucideIcon; permission: PermissionName }[] = [
  { label: "Condomínios", to: PATHS.condominios, icon: Building2, permission: "visualizar_condominios" },
  { label: "Unidades", to: PATHS.unidades, icon: House, permission: "visualizar_unidades" },
  { label: "Veículos", to: PATHS.veiculos, icon: Car, permission: "visualizar_veiculos" },
  { label: "Prestadores", to: PATHS.prestadores, icon: Wrench, permission: "visualizar_prestadores_servico" },
  { label: "Usuários", to: PATHS.usuarios, icon: Users, permission: "gerenciar_usuarios_portaria" },
  { label: "Grupos", to: PATHS.grupos, icon: UsersRound, permission: "gerenciar_grupos_permissoes" },
];

export default function Painel() {
  const { can } = useAuth();
  const filterId = useId();
  const [selected, setSelected] = useState<string>(TODOS);

  const condominios = useQuery(condominiosAtivosQuery());
  // A condominium that left the list (deactivated meanwhile) falls back to 'todos'.
  const condominioId = selected !== TODOS && condominios.data && !condominios.data.some((c) => c.id === selected) ? TODOS : selected;
  const stats = useQuery(painelStatsQuery(condominioId));

  useEffect(() => {
    if (condominios.error) toastError(ERROR_TITLE.buscarCondominios, condominios.error);
  }, [condominios.error]);

  const quickLinks = QUICK_LINKS.filter((link) => can(link.permission));

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Painel de Controle</h1>
          <p className="mt-1 text-slate-600">Visão geral de moradores, unidades, veículos e prestadores.</p>
        </div>
        <div className="grid gap-1.5 sm:w-72">
          <Label htmlFor={filterId}>Condomínio</Label>
          <Select value={condominioId} onValueChange={setSelected}>
            <SelectTrigger id={filterId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={TODOS}>Todos os condomínios</SelectItem>
              {condominios.data?.map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {c.nome}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <section aria-labelledby="painel-estatisticas">
        <h2 id="painel-estatisticas" className="sr-only">
          Estatísticas
        </h2>
        {stats.isPending ? (
          <StatsLoading />
        ) : stats.isError ? (
          <Card role="alert" className="border-red-200 bg-red-50">
            <CardContent className="flex flex-col items-start gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-red-800">Erro: {stats.error.message}</p>
              <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
                Tentar novamente
              </Button>
            </CardContent>
          </Card>
        ) : (
          <StatsGrid stats={stats.data} />
        )}
      </section>

      <section aria-labelledby="painel-acesso-rapido" className="space-y-4">
        <h2 id="painel-acesso-rapido" className="text-lg font-semibold text-slate-900">
          Acesso Rápido
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {quickLinks.map((link) => (
            <Button key={link.to} asChild variant="outline" className="h-auto flex-col gap-2 py-5 text-sm [&_svg]:size-6">
              <Link to={link.to}>
                <link.icon className="text-brand-700" aria-hidden />
                {link.label}
              </Link>
            </Button>
          ))}
          {/* Who may read the access records gets the 'Relatórios' card below instead (issue 15). */}
          {!can("visualizar_registros_acesso") && (
            <button
              type="button"
              aria-disabled="true"
              aria-describedby="painel-relatorios-desc"
              className="flex cursor-not-allowed flex-col items-center justify-center gap-1 rounded-md border border-dashed border-slate-300 bg-slate-100 px-3 py-4 text-sm font-medium text-slate-700"
            >
              <FileBarChart className="h-6 w-6 text-slate-500" aria-hidden />
              Relatórios (Em Breve)
              <span id="painel-relatorios-desc" className="text-xs font-normal text-slate-600">
                Disponível em uma próxima versão.
              </span>
            </button>
          )}
        </div>
      </section>

      {can("visualizar_registros_acesso") && <AcessosCard condominioId={condominioId} />}
      {can(["gerenciar_encomendas", "visualizar_encomendas"]) && <EncomendasCard />}
    </div>
  );
}

function StatsGrid({ stats }: { stats: PainelStats }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {COUNT_CARDS.map((card) => (
        <StatCard key={card.key} id={card.key} title={card.title} icon={card.icon} tone={card.tone} value={formatCount(stats[card.key])} />
      ))}
      <StatCard
        id="taxa_ocupacao"
        title="Taxa de Ocupação"
        icon={Percent}
        tone="bg-sky-50 text-sky-800"
        value={formatTaxa(stats.taxa_ocupacao)}
        subtitle={formatOcupacao(stats.unidades_ocupadas, stats.unidades_ativas)}
        meter={Math.min(100, Math.max(0, stats.taxa_ocupacao))}
        className="sm:col-span-2 xl:col-span-4"
      />
    </ul>
  );
}

function StatCard({
  id,
  title,
  icon: Icon,
  tone,
  value,
  subtitle,
  meter,
  className,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  tone: string;
  value: string;
  subtitle?: string;
  /** 0–100: a bar under the value (decorative; the text says the same). */
  meter?: number;
  className?: string;
}) {
  return (
    <li className={className}>
      <Card className="h-full">
        <CardContent className="flex items-start justify-between gap-3 pt-6">
          <div className="min-w-0 flex-1">
            <h3 className="text-sm font-medium text-slate-600">{title}</h3>
            <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`stat-${id}`}>
              {value}
            </p>
            {subtitle && (
              <p className="mt-1 text-sm text-slate-600" data-testid={`stat-${id}-detalhe`}>
                {subtitle}
              </p>
            )}
            {meter !== undefined && (
              <div className="mt-3 h-2 max-w-xl overflow-hidden rounded-full bg-slate-200" aria-hidden>
                <div className="h-full rounded-full bg-sky-600" style={{ width: `${meter}%` }} />
              </div>
            )}
          </div>
          <span className={cn("flex h-11 w-11 shrink-0 items-center justify-center rounded-lg", tone)}>
            <Icon className="h-6 w-6" aria-hidden />
          </span>
        </CardContent>
      </Card>
    </li>
  );
}

function StatsLoading() {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-slate-600">
        Carregando estatísticas...
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-hidden>
        {Array.from({ length: 5 }, (_, i) => (
          <Card key={i} className={cn("h-32 animate-pulse bg-slate-100", i === 4 && "sm:col-span-2 xl:col-span-4")} />
        ))}
      </div>
    </div>
  );
}
