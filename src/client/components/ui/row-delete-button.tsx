import { Trash2 } from "lucide-react";
import { Button } from "./button";

/** The red 'Excluir' button of a table row; `label` names the row ('Excluir Porteiros'). */
export function RowDeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={onClick} aria-label={label}>
      <Trash2 aria-hidden /> Excluir
    </Button>
  );
}
