CREATE TABLE "portaria_web_lacunas_dispositivo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispositivo_id" uuid NOT NULL,
	"de" bigint NOT NULL,
	"ate" bigint NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"tentar_em" timestamp with time zone DEFAULT now() + interval '60 seconds' NOT NULL,
	CONSTRAINT "lacunas_intervalo" CHECK ("portaria_web_lacunas_dispositivo"."de" between 1 and "portaria_web_lacunas_dispositivo"."ate")
);
--> statement-breakpoint
ALTER TABLE "portaria_web_lacunas_dispositivo" ADD CONSTRAINT "portaria_web_lacunas_dispositivo_dispositivo_id_portaria_web_dispositivos_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."portaria_web_dispositivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lacunas_tentar_idx" ON "portaria_web_lacunas_dispositivo" USING btree ("tentar_em");