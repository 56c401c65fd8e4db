CREATE TABLE "portal_fila_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"destinatario" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "portal_fila_emails_status_valido" CHECK ("portal_fila_emails"."status" in ('pendente', 'enviado', 'falhou')),
	CONSTRAINT "portal_fila_emails_tentativas" CHECK ("portal_fila_emails"."tentativas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "portal_limites_tentativas" (
	"chave" text PRIMARY KEY NOT NULL,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"contagem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "portal_fila_emails_pendentes_idx" ON "portal_fila_emails" USING btree ("proxima_tentativa_em") WHERE "portal_fila_emails"."status" = 'pendente';