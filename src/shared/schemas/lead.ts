import { z } from "zod";
import { MSG } from "../messages";
import { optionalPhone, requiredText } from "./common";

// Lead form (§2 'Fale Conosco!', §5): nome and email required, phone optional.
export const leadCreateSchema = z.object({
  nome: requiredText(MSG.leadRequired.message),
  telefone_celular: optionalPhone,
  email: requiredText(MSG.leadRequired.message, 254).pipe(z.email("Informe um email válido.")),
  descricao: z.string({ error: "Descrição inválida." }).trim().max(5000, "Use no máximo 5000 caracteres.").optional().default(""),
});

export type LeadCreate = z.input<typeof leadCreateSchema>;
