import { USER_STATUSES, type UserStatus } from "@shared/permissions";
import { Badge } from "~/components/ui/badge";

export const STATUS_LABEL: Record<UserStatus, string> = {
  ativo: "Ativo",
  inativo: "Inativo",
  pendente_confirmacao: "Pendente",
  bloqueado: "Bloqueado",
};

/** §4: ativo green, inativo grey, pendente_confirmacao yellow, bloqueado red. */
const STATUS_BADGE = { ativo: "green", inativo: "grey", pendente_confirmacao: "yellow", bloqueado: "red" } as const satisfies Record<UserStatus, string>;

export type StatusFilter = "todos" | UserStatus;

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "todos", label: "Todos" },
  ...USER_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] })),
];

export function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge variant={STATUS_BADGE[status]} data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
