import { Clock, Mail, Phone, Send } from "lucide-react";
import { useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { Link } from "react-router";
import type { Route } from "./+types/leads";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "~/components/ui/form";
import { Input, Textarea } from "~/components/ui/input";
import { pageMeta } from "~/lib/site/meta";
import { api } from "~/lib/api";
import { toast } from "~/lib/toast";
import { preloadMask, useLazyMask } from "~/lib/use-lazy-mask";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { COMPANY } from "@shared/company";
import { MSG, SUCCESS } from "@shared/messages";
import type { leadCreateSchema } from "@shared/schemas/lead";

export function meta(): Route.MetaDescriptors {
  return pageMeta({
    title: "Fale Conosco",
    description: `Deixe seu contato e conte sua necessidade: a equipe da ${COMPANY.name} retorna com uma proposta de segurança eletrônica sob medida.`,
  });
}

// The schema and zod load when the visitor starts filling the form (or at the first submit at
// the latest), not with the page.
const loadSchema = () => import("@shared/schemas/lead").then((schemas) => schemas.leadCreateSchema);
const preloadValidation = () => void loadSchema();
// The phone mask's library too (~/lib/use-lazy-mask).
const preloadForm = () => {
  preloadValidation();
  preloadMask();
};

type LeadValues = ZodFormValues<typeof leadCreateSchema>;
type LeadPayload = ReturnType<typeof leadCreateSchema.parse>;

const EMPTY_LEAD: LeadValues = { nome: "", telefone_celular: "", email: "", descricao: "" };

const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";

export default function Leads() {
  const form = useZodForm(loadSchema, { defaultValues: EMPTY_LEAD });
  const {
    control,
    handleSubmit,
    reset,
    getValues,
    setFocus,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const phoneMask = useLazyMask("telefone", (value) => setValue("telefone_celular", value, { shouldDirty: true, shouldValidate: isSubmitted }));

  const [sending, setSending] = useState(false);
  async function send(lead: LeadPayload) {
    setSending(true);
    try {
      await api.POST("/api/leads", { body: lead });
      toast({ title: SUCCESS.lead.title, description: SUCCESS.lead.message, variant: "success" });
      reset(EMPTY_LEAD);
      phoneMask.sync("");
    } catch (error) {
      console.error("Erro ao enviar lead:", error);
      toast({ title: MSG.leadError.title, description: MSG.leadError.message, variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  // Spec §5: a missing nome or email is told by the catalogue toast; other problems show inline.
  // (Reading `errors` here renders the page again when they change, so this stays current.)
  const toldByToast = (name: "nome" | "email") => Boolean(errors[name]) && isBlank(getValues(name));

  function onInvalid(fieldErrors: FieldErrors<LeadValues>) {
    const values = getValues();
    const missingNome = Boolean(fieldErrors.nome) && isBlank(values.nome);
    const missingEmail = Boolean(fieldErrors.email) && isBlank(values.email);
    if (missingNome || missingEmail) {
      toast({ title: MSG.leadRequired.title, description: MSG.leadRequired.message, variant: "destructive" });
    }
    const first = (["nome", "telefone_celular", "email", "descricao"] as const).find((name) => fieldErrors[name]);
    if (first) setFocus(first);
  }

  return (
    <section aria-labelledby="fale-conosco" className="bg-slate-50 px-4 py-12 sm:px-6 lg:py-16">
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h1 id="fale-conosco" className="text-3xl font-bold text-slate-900 sm:text-4xl">
            Fale Conosco!
          </h1>
          <p className="mt-4 text-lg text-slate-700">
            Quer proteger sua empresa, sua casa ou seu condomínio? Conte um pouco sobre o que você precisa e um especialista da {COMPANY.name} entra em contato
            para entender o cenário e preparar uma proposta sob medida, sem compromisso.
          </p>
          <p className="mt-4 text-slate-700">
            Os campos marcados com <span aria-hidden>*</span>
            <span className="sr-only">asterisco</span> são obrigatórios. Usamos seus dados apenas para responder a este contato, conforme a nossa{" "}
            <Link to="/politica-de-privacidade" className="font-medium text-brand-700 underline underline-offset-2">
              Política de Privacidade
            </Link>
            .
          </p>
          <ul className="mt-8 space-y-4 text-slate-700">
            <li className="flex items-start gap-3">
              <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>
                <span className="block font-medium text-slate-900">Telefone</span>
                <a href={COMPANY.phone.tel} className="hover:underline">
                  {COMPANY.phone.display}
                </a>
              </span>
            </li>
            <li className="flex items-start gap-3">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>
                <span className="block font-medium text-slate-900">E-mail</span>
                <a href={COMPANY.mailtoLink} className="break-all hover:underline">
                  {COMPANY.emails.commercial}
                </a>
              </span>
            </li>
            <li className="flex items-start gap-3">
              <Clock className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>
                <span className="block font-medium text-slate-900">Atendimento comercial</span>
                {COMPANY.openingHours}
              </span>
            </li>
          </ul>
        </div>

        <Card className="lg:col-span-3">
          <CardContent className="pt-6">
            <Form {...form}>
              <form noValidate aria-labelledby="fale-conosco" onSubmit={handleSubmit(send, onInvalid)} onFocus={preloadForm} className="space-y-5">
                {/* Registered, not controlled: a lead typed before the page hydrated is kept and sent. */}
                <FormField control={control} name="nome">
                  <FormItem required quietError={toldByToast("nome")}>
                    <FormLabel>Nome</FormLabel>
                    <FormControl>
                      <Input autoComplete="name" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                </FormField>

                <FormField control={control} name="telefone_celular">
                  <FormItem>
                    <FormLabel>
                      Telefone celular <span className="font-normal text-slate-600">(opcional)</span>
                    </FormLabel>
                    <FormControl>
                      <Input type="tel" inputMode="tel" autoComplete="tel-national" placeholder="(11) 91234-5678" maxLength={15} onFocus={phoneMask.onFocus} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                </FormField>

                <FormField control={control} name="email">
                  <FormItem required quietError={toldByToast("email")}>
                    <FormLabel>Email</FormLabel>
                    <FormControl>
                      <Input type="email" autoComplete="email" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                </FormField>

                <FormField control={control} name="descricao">
                  <FormItem>
                    <FormLabel>Como podemos ajudar?</FormLabel>
                    <FormControl>
                      <Textarea rows={4} placeholder="Ex.: preciso de câmeras e controle de acesso para um condomínio com 3 blocos." />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                </FormField>

                <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
                  <Send aria-hidden />
                  {sending ? "Enviando..." : "Enviar"}
                </Button>
              </form>
            </Form>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
