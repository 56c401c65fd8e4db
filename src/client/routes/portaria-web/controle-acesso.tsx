import { RequirePermission } from "~/components/portaria/require-permission";
import { useCondominiosAtivos } from "~/features/condominios/api";
import { ControleAcessoConsole } from "~/features/controle-acesso/controle-acesso-console";
import { PortoesPanel } from "~/features/portoes/portoes-panel";
import { useAbrirPortaoPrincipal } from "~/features/portoes/registrar-e-abrir";
import { useAuth } from "~/lib/auth";
import { portariaMeta } from "~/features/portaria-shell/meta";
import type { Route } from "./+types/controle-acesso";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Controle de Acesso");
}

// The gate console (gatehouse-spec §3, registrar_acesso_visitante): the gate's condominium is one
// of the active ones of the user's scope, read from the condominiums feature and passed down.
export default function Page() {
  return (
    <RequirePermission anyOf="registrar_acesso_visitante">
      <ControleAcesso />
    </RequirePermission>
  );
}

function ControleAcesso() {
  const condominios = useCondominiosAtivos();
  // 'Portões' only for who may open them (acionar_dispositivos): the server refuses the others anyway.
  const podeAbrir = useAuth().can("acionar_dispositivos");
  // 'Registrar e abrir' (gate-operation-spec §2.2): the console registers, the gates' feature opens the main entrance.
  const abrirPrincipal = useAbrirPortaoPrincipal();
  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Controle de Acesso</h1>
        <p className="text-sm text-slate-600">Busque quem chega, registre entradas e saídas e veja quem está no condomínio.</p>
      </div>
      <ControleAcessoConsole
        condominios={condominios.data}
        portoes={podeAbrir ? (condominioId) => <PortoesPanel key={condominioId} condominioId={condominioId} /> : undefined}
        registrarEAbrir={podeAbrir ? abrirPrincipal : undefined}
      />
    </div>
  );
}
