CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portaria_web_condominios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"cnpj" varchar(14),
	"endereco" text,
	"cidade" text,
	"estado" varchar(2),
	"cep" varchar(8),
	"telefone" text,
	"email" text,
	"sindico_nome" text,
	"sindico_contato" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condominios_nome_not_blank" CHECK (btrim("portaria_web_condominios"."nome") <> ''),
	CONSTRAINT "condominios_estado_uf" CHECK ("portaria_web_condominios"."estado" is null or "portaria_web_condominios"."estado" ~ '^[A-Z]{2}$'),
	CONSTRAINT "condominios_cep_digits" CHECK ("portaria_web_condominios"."cep" is null or "portaria_web_condominios"."cep" ~ '^[0-9]{8}$'),
	CONSTRAINT "condominios_cnpj_format" CHECK ("portaria_web_condominios"."cnpj" is null or "portaria_web_condominios"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "portaria_web_grupo_permissoes" (
	"grupo_id" uuid NOT NULL,
	"permissao_id" uuid NOT NULL,
	CONSTRAINT "portaria_web_grupo_permissoes_grupo_id_permissao_id_pk" PRIMARY KEY("grupo_id","permissao_id")
);
--> statement-breakpoint
CREATE TABLE "portaria_web_grupos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome_grupo" text NOT NULL,
	"descricao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grupos_nome_not_blank" CHECK (btrim("portaria_web_grupos"."nome_grupo") <> '')
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"telefone_celular" text,
	"email" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_nome_not_blank" CHECK (btrim("leads"."nome") <> ''),
	CONSTRAINT "leads_email_not_blank" CHECK (btrim("leads"."email") <> '')
);
--> statement-breakpoint
CREATE TABLE "portaria_web_moradores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unidade_id" uuid NOT NULL,
	"nome_completo" text NOT NULL,
	"cpf" varchar(11),
	"rg" text,
	"data_nascimento" date,
	"email" text,
	"telefone_celular" text,
	"tipo_morador" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moradores_nome_not_blank" CHECK (btrim("portaria_web_moradores"."nome_completo") <> ''),
	CONSTRAINT "moradores_tipo_check" CHECK ("portaria_web_moradores"."tipo_morador" in ('proprietario', 'inquilino', 'dependente', 'outro')),
	CONSTRAINT "moradores_cpf_digits" CHECK ("portaria_web_moradores"."cpf" is null or "portaria_web_moradores"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "portaria_web_page_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portaria_web_permissoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome_permissao" text NOT NULL,
	"descricao" text,
	"categoria" text DEFAULT 'Outras' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portaria_web_permissoes_nome_permissao_unique" UNIQUE("nome_permissao"),
	CONSTRAINT "permissoes_nome_format" CHECK ("portaria_web_permissoes"."nome_permissao" ~ '^[a-z0-9_]+$'),
	CONSTRAINT "permissoes_categoria_not_blank" CHECK (btrim("portaria_web_permissoes"."categoria") <> '')
);
--> statement-breakpoint
CREATE TABLE "portal_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portaria_web_prestadores_servicos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome_empresa_profissional" text NOT NULL,
	"cnpj_cpf" varchar(14),
	"telefone" text,
	"email" text,
	"tipo_servico" text NOT NULL,
	"data_inicio_autorizacao" date,
	"data_fim_autorizacao" date,
	"condominio_id" uuid,
	"observacoes" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prestadores_nome_not_blank" CHECK (btrim("portaria_web_prestadores_servicos"."nome_empresa_profissional") <> ''),
	CONSTRAINT "prestadores_tipo_not_blank" CHECK (btrim("portaria_web_prestadores_servicos"."tipo_servico") <> ''),
	CONSTRAINT "prestadores_periodo_check" CHECK ("portaria_web_prestadores_servicos"."data_fim_autorizacao" is null or "portaria_web_prestadores_servicos"."data_inicio_autorizacao" is null or "portaria_web_prestadores_servicos"."data_fim_autorizacao" >= "portaria_web_prestadores_servicos"."data_inicio_autorizacao")
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "portaria_web_unidades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condominio_id" uuid NOT NULL,
	"bloco" text,
	"numero_unidade" text NOT NULL,
	"andar" text,
	"tipo_unidade" text,
	"observacoes" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unidades_numero_not_blank" CHECK (btrim("portaria_web_unidades"."numero_unidade") <> '')
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "portaria_web_usuario_grupos" (
	"usuario_id" uuid NOT NULL,
	"grupo_id" uuid NOT NULL,
	CONSTRAINT "portaria_web_usuario_grupos_usuario_id_grupo_id_pk" PRIMARY KEY("usuario_id","grupo_id")
);
--> statement-breakpoint
CREATE TABLE "portaria_web_usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_user_id" text NOT NULL,
	"nome_completo" text NOT NULL,
	"email" text NOT NULL,
	"telefone_celular" text,
	"cpf" varchar(11),
	"status" text DEFAULT 'pendente_confirmacao' NOT NULL,
	"primeiro_acesso_concluido" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portaria_web_usuarios_auth_user_id_unique" UNIQUE("auth_user_id"),
	CONSTRAINT "usuarios_status_check" CHECK ("portaria_web_usuarios"."status" in ('ativo', 'inativo', 'pendente_confirmacao', 'bloqueado')),
	CONSTRAINT "usuarios_nome_not_blank" CHECK (btrim("portaria_web_usuarios"."nome_completo") <> ''),
	CONSTRAINT "usuarios_cpf_digits" CHECK ("portaria_web_usuarios"."cpf" is null or "portaria_web_usuarios"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "portaria_web_veiculos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"morador_id" uuid NOT NULL,
	"unidade_id" uuid NOT NULL,
	"placa" varchar(7) NOT NULL,
	"marca" text,
	"modelo" text,
	"cor" text,
	"tipo_veiculo" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "veiculos_tipo_check" CHECK ("portaria_web_veiculos"."tipo_veiculo" in ('carro', 'moto', 'outro')),
	CONSTRAINT "veiculos_placa_format" CHECK ("portaria_web_veiculos"."placa" ~ '^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_grupo_permissoes" ADD CONSTRAINT "portaria_web_grupo_permissoes_grupo_id_portaria_web_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."portaria_web_grupos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_grupo_permissoes" ADD CONSTRAINT "portaria_web_grupo_permissoes_permissao_id_portaria_web_permissoes_id_fk" FOREIGN KEY ("permissao_id") REFERENCES "public"."portaria_web_permissoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_moradores" ADD CONSTRAINT "portaria_web_moradores_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_page_views" ADD CONSTRAINT "portaria_web_page_views_usuario_id_portaria_web_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."portaria_web_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_prestadores_servicos" ADD CONSTRAINT "portaria_web_prestadores_servicos_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_unidades" ADD CONSTRAINT "portaria_web_unidades_condominio_id_portaria_web_condominios_id_fk" FOREIGN KEY ("condominio_id") REFERENCES "public"."portaria_web_condominios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_usuario_grupos" ADD CONSTRAINT "portaria_web_usuario_grupos_usuario_id_portaria_web_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."portaria_web_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_usuario_grupos" ADD CONSTRAINT "portaria_web_usuario_grupos_grupo_id_portaria_web_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."portaria_web_grupos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_usuarios" ADD CONSTRAINT "portaria_web_usuarios_auth_user_id_user_id_fk" FOREIGN KEY ("auth_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_veiculos" ADD CONSTRAINT "portaria_web_veiculos_morador_id_portaria_web_moradores_id_fk" FOREIGN KEY ("morador_id") REFERENCES "public"."portaria_web_moradores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portaria_web_veiculos" ADD CONSTRAINT "portaria_web_veiculos_unidade_id_portaria_web_unidades_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."portaria_web_unidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "condominios_nome_idx" ON "portaria_web_condominios" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "condominios_ativo_nome_idx" ON "portaria_web_condominios" USING btree ("ativo","nome");--> statement-breakpoint
CREATE INDEX "condominios_nome_trgm" ON "portaria_web_condominios" USING gin ("nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "condominios_cnpj_trgm" ON "portaria_web_condominios" USING gin ("cnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grupo_permissoes_permissao_idx" ON "portaria_web_grupo_permissoes" USING btree ("permissao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_nome_unique" ON "portaria_web_grupos" USING btree (lower("nome_grupo"));--> statement-breakpoint
CREATE INDEX "grupos_nome_idx" ON "portaria_web_grupos" USING btree ("nome_grupo");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moradores_unidade_nome_idx" ON "portaria_web_moradores" USING btree ("unidade_id","nome_completo");--> statement-breakpoint
CREATE INDEX "moradores_ativo_idx" ON "portaria_web_moradores" USING btree ("ativo");--> statement-breakpoint
CREATE INDEX "moradores_nome_trgm" ON "portaria_web_moradores" USING gin ("nome_completo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "page_views_usuario_idx" ON "portaria_web_page_views" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "portaria_web_page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "permissoes_ordem_idx" ON "portaria_web_permissoes" USING btree ("categoria","nome_permissao");--> statement-breakpoint
CREATE INDEX "prestadores_nome_idx" ON "portaria_web_prestadores_servicos" USING btree ("nome_empresa_profissional");--> statement-breakpoint
CREATE INDEX "prestadores_condominio_idx" ON "portaria_web_prestadores_servicos" USING btree ("condominio_id");--> statement-breakpoint
CREATE INDEX "prestadores_nome_trgm" ON "portaria_web_prestadores_servicos" USING gin ("nome_empresa_profissional" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prestadores_cnpj_cpf_trgm" ON "portaria_web_prestadores_servicos" USING gin ("cnpj_cpf" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prestadores_tipo_trgm" ON "portaria_web_prestadores_servicos" USING gin ("tipo_servico" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "unidades_condominio_idx" ON "portaria_web_unidades" USING btree ("condominio_id");--> statement-breakpoint
CREATE INDEX "unidades_ordem_idx" ON "portaria_web_unidades" USING btree ("bloco","numero_unidade");--> statement-breakpoint
CREATE INDEX "unidades_bloco_trgm" ON "portaria_web_unidades" USING gin ("bloco" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "unidades_numero_trgm" ON "portaria_web_unidades" USING gin ("numero_unidade" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "unidades_tipo_trgm" ON "portaria_web_unidades" USING gin ("tipo_unidade" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuario_grupos_grupo_idx" ON "portaria_web_usuario_grupos" USING btree ("grupo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_unique" ON "portaria_web_usuarios" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_cpf_unique" ON "portaria_web_usuarios" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "usuarios_nome_idx" ON "portaria_web_usuarios" USING btree ("nome_completo");--> statement-breakpoint
CREATE INDEX "usuarios_status_idx" ON "portaria_web_usuarios" USING btree ("status");--> statement-breakpoint
CREATE INDEX "usuarios_nome_trgm" ON "portaria_web_usuarios" USING gin ("nome_completo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuarios_email_trgm" ON "portaria_web_usuarios" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuarios_cpf_trgm" ON "portaria_web_usuarios" USING gin ("cpf" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "veiculos_morador_idx" ON "portaria_web_veiculos" USING btree ("morador_id");--> statement-breakpoint
CREATE INDEX "veiculos_unidade_idx" ON "portaria_web_veiculos" USING btree ("unidade_id");--> statement-breakpoint
CREATE INDEX "veiculos_placa_idx" ON "portaria_web_veiculos" USING btree ("placa");--> statement-breakpoint
CREATE INDEX "veiculos_placa_trgm" ON "portaria_web_veiculos" USING gin ("placa" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "veiculos_marca_trgm" ON "portaria_web_veiculos" USING gin ("marca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "veiculos_modelo_trgm" ON "portaria_web_veiculos" USING gin ("modelo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "veiculos_cor_trgm" ON "portaria_web_veiculos" USING gin ("cor" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");