import type { Route } from "./+types/painel";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Painel de Controle | Portaria Web" }];
}

// The statistics, filters and quick links of the painel come with the Portaria Web shell issue.
export default function Painel() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Painel de Controle</h1>
      <p className="mt-2 text-slate-600">Bem-vindo ao Portaria Web.</p>
    </section>
  );
}
