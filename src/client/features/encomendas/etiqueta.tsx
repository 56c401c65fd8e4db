import { useCallback, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { idCurto, type Encomenda } from "@shared/schemas/encomendas";
import { formatDateTime } from "@shared/time";
import { unidadeDaEncomenda } from "./format";

const ETIQUETA_ID = "etiqueta-encomenda";

// While a label is printed, the paper holds the label alone: the app, its dialogs and toasts
// (all children of <body>) are left out. Only then: printing the list itself stays as it was.
const CSS_IMPRESSAO = `@media print {
  body > :not(#${ETIQUETA_ID}) { display: none !important; }
  #${ETIQUETA_ID} { display: block !important; }
}`;

/**
 * 'Imprimir etiqueta' (issue 30): a small label for the shelf, printed from the browser: the
 * unit, the parcel's short id (read aloud at pickup) and when it came. `imprimir` shows it to the
 * print dialog; it goes away once the dialog closes.
 */
export function useEtiqueta() {
  // A new object each time: the same label printed twice prints twice.
  const [pedido, setPedido] = useState<{ encomenda: Encomenda } | null>(null);
  useEffect(() => {
    if (!pedido) return;
    const done = () => setPedido(null);
    window.addEventListener("afterprint", done);
    // After this render: the label is in the page when the print dialog reads it.
    window.print();
    return () => window.removeEventListener("afterprint", done);
  }, [pedido]);
  const imprimir = useCallback((encomenda: Encomenda) => setPedido({ encomenda }), []);
  return { imprimir, etiqueta: pedido ? <Etiqueta encomenda={pedido.encomenda} /> : null };
}

function Etiqueta({ encomenda: e }: { encomenda: Encomenda }) {
  return createPortal(
    <div id={ETIQUETA_ID} data-testid="etiqueta-encomenda" className="hidden w-[62mm] border border-black p-[3mm] font-sans text-black">
      <style>{CSS_IMPRESSAO}</style>
      <p className="text-[9pt]">{e.condominio.nome}</p>
      <p className="text-[18pt] font-bold leading-tight">{unidadeDaEncomenda(e)}</p>
      <p className="text-[9pt]">{e.destinatario_nome}</p>
      <p className="mt-[2mm] font-mono text-[16pt] font-bold tracking-widest">{idCurto(e.id)}</p>
      <p className="text-[9pt]">Recebida em {formatDateTime(e.recebida_em)}</p>
    </div>,
    document.body,
  );
}
