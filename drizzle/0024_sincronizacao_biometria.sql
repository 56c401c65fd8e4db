CREATE TABLE "portaria_web_biometria_moradores" (
	"morador_id" uuid PRIMARY KEY NOT NULL,
	"foto" "bytea",
	"foto_tipo" text,
	"foto_enviada_em" timestamp with time zone,
	"consentimento_biometria_em" timestamp with time zone,
	"consentimento_biometria_por" uuid,
	"consentimento_biometria_por_nome" text,
	"versao" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "biometria_foto_tipo" CHECK (("portaria_web_biometria_moradores"."foto" is null) = ("portaria_web_biometria_moradores"."foto_tipo" is null) and ("portaria_web_biometria_moradores"."foto_tipo" is null or "portaria_web_biometria_moradores"."foto_tipo" in ('image/jpeg', 'image/png'))),
	CONSTRAINT "biometria_foto_tamanho" CHECK ("portaria_web_biometria_moradores"."foto" is null or octet_length("portaria_web_biometria_moradores"."foto") <= 512000),
	CONSTRAINT "biometria_consentimento_completo" CHECK (("portaria_web_biometria_moradores"."consentimento_biometria_em" is null) = ("portaria_web_biometria_moradores"."consentimento_biometria_por_nome" is null))
);
--> statement-breakpoint
ALTER TABLE "portaria_web_dispositivos" ADD COLUMN "sincronizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portaria_web_dispositivos" ADD COLUMN "sincronizacao_marca" text;--> statement-breakpoint
ALTER TABLE "portaria_web_pessoas_dispositivo" ADD COLUMN "nome" text;--> statement-breakpoint
ALTER TABLE "portaria_web_pessoas_dispositivo" ADD COLUMN "conteudo" text;--> statement-breakpoint
ALTER TABLE "portaria_web_pessoas_dispositivo" ADD COLUMN "remover" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portaria_web_biometria_moradores" ADD CONSTRAINT "portaria_web_biometria_moradores_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE cascade ON UPDATE no action;