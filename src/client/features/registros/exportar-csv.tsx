import { Download } from "lucide-react";
import { formatInteiro } from "@shared/br/numero";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { baixarCsv, salvarArquivo, type ExportProgress, type RegistroParams } from "./api";
import { ERROR_TITLE } from "@shared/messages";

/**
 * 'Exportar CSV' (gatehouse-spec §5): the filter on screen, streamed; the rows received so far
 * against the list's total (or the bytes, when the total is only a lower bound), then the file.
 */
export function ExportarCsv({ params, total, totalExato }: { params: RegistroParams; total: number; totalExato: boolean }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const running = useRef(false);

  async function exportar() {
    if (running.current) return;
    running.current = true;
    setDone(null);
    setProgress({ linhas: 0, bytes: 0 });
    try {
      const { blob, nome, linhas } = await baixarCsv(params, setProgress);
      salvarArquivo(blob, nome);
      setDone(`Exportação concluída: ${formatInteiro(linhas)} registros em ${nome}.`);
    } catch (error) {
      toast({ title: ERROR_TITLE.exportar, description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    } finally {
      running.current = false;
      setProgress(null);
    }
  }

  const percent = progress && totalExato && total > 0 ? Math.min(100, Math.round((progress.linhas / total) * 100)) : null;
  return (
    <div className="grid gap-2">
      <Button variant="outline" onClick={() => void exportar()} disabled={progress !== null}>
        <Download aria-hidden />
        Exportar CSV
      </Button>
      <div role="status" aria-live="polite" className="text-sm text-slate-700">
        {progress && (
          <div className="grid gap-1">
            <span>
              Exportando: {formatInteiro(progress.linhas)}
              {totalExato ? ` de ${formatInteiro(total)}` : ""} registros ({formatInteiro(Math.round(progress.bytes / 1024))} KB)
            </span>
            <progress className="h-2 w-48" aria-label="Progresso da exportação" max={100} value={percent ?? undefined} />
          </div>
        )}
        {!progress && done}
      </div>
    </div>
  );
}
