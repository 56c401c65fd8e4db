import { COMPANY } from "@shared/company";

// pt-BR messages, HTML and plain text. Values are escaped: names come from user input.
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(title: string, paragraphs: string[], action: { label: string; url: string }) {
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#475569">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${escapeHtml(action.url)}</p>
<p style="font-size:12px;color:#475569">${escapeHtml(COMPANY.name)}</p>
</div></body></html>`;
  const text = `${title}\n\n${paragraphs.join("\n\n")}\n\n${action.label}: ${action.url}\n\n${COMPANY.name}\n`;
  return { html, text };
}

export function recoveryEmail(name: string, url: string) {
  return {
    subject: "Redefinição de senha",
    ...layout(
      "Redefinição de senha",
      [
        `Olá, ${name}.`,
        "Recebemos um pedido para redefinir a senha da sua conta no portal. Para criar uma nova senha, use o link abaixo. Ele vale por 1 hora e só pode ser usado uma vez.",
        "Se você não fez esse pedido, ignore este email: sua senha continua a mesma.",
      ],
      { label: "Redefinir senha", url },
    ),
  };
}

export function newUserEmail(name: string, email: string, loginUrl: string) {
  return {
    subject: "Seu acesso ao Portaria Web",
    ...layout(
      "Seu acesso ao Portaria Web",
      [
        `Olá, ${name}.`,
        `Um administrador criou sua conta no Portaria Web com o email ${email}.`,
        "Entre com esse email e a senha provisória que o administrador lhe informou. No primeiro acesso você vai definir uma senha nova, só sua.",
      ],
      { label: "Acessar o portal", url: loginUrl },
    ),
  };
}

/** The visitor's invitation (gatehouse-spec §4 'Enviar por email'): code, QR image (inline, `cid:qrcode`), address, validity. */
export function conviteVisitaEmail(input: {
  nome: string;
  condominio: string;
  unidade: string;
  endereco: string | null;
  morador: string | null;
  validade: string;
  maxEntradas: number | null;
  codigo: string;
}) {
  const paragraphs = [
    `Olá, ${input.nome}.`,
    `${input.morador ? `${input.morador} autorizou` : "Foi autorizada"} a sua visita ao ${input.condominio}, unidade ${input.unidade}.`,
    ...(input.endereco ? [`Endereço: ${input.endereco}.`] : []),
    `Validade: ${input.validade}.`,
    ...(input.maxEntradas ? [`Número máximo de entradas: ${input.maxEntradas}.`] : []),
    `Na portaria, informe o código ${input.codigo} ou mostre o QR Code deste email.`,
  ];
  const title = "Autorização de visita";
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
<p style="font-size:28px;font-weight:bold;letter-spacing:4px;font-family:monospace;margin:16px 0">${escapeHtml(input.codigo)}</p>
<p><img src="cid:qrcode" alt="QR Code da autorização" width="240" height="240" style="display:block"></p>
<p style="font-size:12px;color:#475569">${escapeHtml(COMPANY.name)}</p>
</div></body></html>`;
  const text = `${title}\n\n${paragraphs.join("\n\n")}\n\nCódigo: ${input.codigo}\n(O QR Code está na versão HTML deste email.)\n\n${COMPANY.name}\n`;
  return { subject: `Autorização de visita — ${input.condominio}`, html, text };
}

/** The invitation to the Área do Morador (gate-operation-spec §3.1): single use, 7 days. */
export function conviteMoradorEmail(input: { nome: string; condominio: string; unidade: string; url: string }) {
  return {
    subject: `Seu acesso à Área do Morador — ${input.condominio}`,
    ...layout(
      "Área do Morador",
      [
        `Olá, ${input.nome}.`,
        `A administração do ${input.condominio} convidou você para a Área do Morador da unidade ${input.unidade}: autorize visitantes que chegam à portaria, crie convites e acompanhe as suas encomendas pelo celular.`,
        "Para entrar, crie a sua senha pelo link abaixo. Ele vale por 7 dias e só pode ser usado uma vez.",
        "Se você não esperava este convite, ignore este email.",
      ],
      { label: "Criar minha senha", url: input.url },
    ),
  };
}

/** A notice to a resident (gate-operation-spec §3.4): the same title and text as every channel, and the answer link. */
/** A parcel's notice or reminder (gate-operation-spec §3.4, §4): the code is in the text; the button opens the app. */
export function encomendaMoradorEmail(input: { nome: string; titulo: string; corpo: string; url: string }) {
  return {
    subject: input.titulo,
    ...layout(input.titulo, [`Olá, ${input.nome}.`, input.corpo, "Mostre o código ou o QR code da Área do Morador na portaria."], {
      label: "Ver minhas encomendas",
      url: input.url,
    }),
  };
}

export function notificacaoMoradorEmail(input: { nome: string; titulo: string; corpo: string; url: string }) {
  return {
    subject: input.titulo,
    ...layout(input.titulo, [`Olá, ${input.nome}.`, input.corpo, "O link abaixo vale só para este pedido, uma vez, e não precisa de senha."], {
      label: "Responder",
      url: input.url,
    }),
  };
}

/** One entry of the book in the síndico's daily summary, its words already chosen (resumo.ts). */
export interface ResumoDiarioRegistro {
  hora: string;
  /** 'Ocorrência · Alta', or 'Resolução' / 'Complemento' for a follow-up. */
  rotulo: string;
  titulo: string;
  unidade: string | null;
  autor: string;
  descricao: string | null;
  /** An item's state now ('Em aberto', 'Resolvida por ... em ...'); null for a follow-up. */
  situacao: string | null;
}

export interface ResumoDiarioCondominio {
  nome: string;
  registros: ResumoDiarioRegistro[];
  emAberto: { titulo: string; rotulo: string; unidade: string | null; desde: string }[];
  totalEmAberto: number;
  encomendas: { aguardando: number; maisAntiga: string | null };
  recusas: { total: number; ultimas: { hora: string; nome: string; motivo: string }[] };
}

/**
 * The síndico's daily summary of the shift book (gate-operation-spec §5; decision 0280): per
 * condominium, the day's entries he may see, the items still open, the parcels waiting and the
 * refusals at the gate. A day with nothing says so in one line.
 */
export function resumoDiarioEmail(input: { nome: string; assunto: string; data: string; condominios: ResumoDiarioCondominio[]; url: string }) {
  const title = input.assunto;
  const comUnidade = (texto: string, unidade: string | null) => (unidade ? `${texto} (${unidade})` : texto);
  type Secao = { titulo: string; linhas: string[] };
  const secoes = (c: ResumoDiarioCondominio): Secao[] | null => {
    const vazio = !c.registros.length && !c.totalEmAberto && !c.encomendas.aguardando && !c.recusas.total;
    if (vazio) return null;
    const registros = c.registros.map((r) =>
      [`${r.hora} · ${r.rotulo} · ${comUnidade(r.titulo, r.unidade)} · por ${r.autor}`, r.descricao ? `"${r.descricao}"` : "", r.situacao ?? ""]
        .filter(Boolean)
        .join(" — "),
    );
    const abertos = c.emAberto.map((o) => `${o.rotulo} · ${comUnidade(o.titulo, o.unidade)} · desde ${o.desde}`);
    if (c.totalEmAberto > c.emAberto.length) abertos.push(`e mais ${c.totalEmAberto - c.emAberto.length}.`);
    return [
      { titulo: `Registros do dia (${c.registros.length})`, linhas: registros.length ? registros : ["Nada registrado neste dia."] },
      { titulo: `Itens em aberto (${c.totalEmAberto})`, linhas: abertos.length ? abertos : ["Nenhum item em aberto."] },
      {
        titulo: "Encomendas aguardando retirada",
        linhas: [
          c.encomendas.aguardando === 0
            ? "Nenhuma encomenda aguardando."
            : `${c.encomendas.aguardando} aguardando${c.encomendas.maisAntiga ? `; a mais antiga desde ${c.encomendas.maisAntiga}` : ""}.`,
        ],
      },
      {
        titulo: `Acessos negados na portaria (${c.recusas.total})`,
        linhas: c.recusas.total ? c.recusas.ultimas.map((r) => `${r.hora} · ${r.nome} · ${r.motivo}`) : ["Nenhum acesso negado."],
      },
    ];
  };
  const partes = input.condominios.map((c) => ({ nome: c.nome, secoes: secoes(c) }));
  const abertura = `Olá, ${input.nome}. Este é o resumo do livro da portaria de ${input.data}.`;
  const nada = "Nada registrado.";
  const action = { label: "Abrir o livro da portaria", url: input.url };
  const rodape = "Você recebe este resumo porque o pediu em Configurações › Minha conta, onde pode desligá-lo.";

  const text = [
    title,
    abertura,
    ...(partes.length ? partes : [{ nome: "", secoes: null }]).map((p) =>
      [p.nome, ...(p.secoes ? p.secoes.map((s) => [`${s.titulo}:`, ...s.linhas.map((l) => `- ${l}`)].join("\n")) : [nada])].filter(Boolean).join("\n\n"),
    ),
    `${action.label}: ${action.url}`,
    rodape,
    COMPANY.name,
  ].join("\n\n");

  const h = escapeHtml;
  const secaoHtml = (s: Secao) =>
    `<h3 style="font-size:15px;margin:16px 0 4px">${h(s.titulo)}</h3>\n<ul style="margin:0;padding-left:20px;line-height:1.5">${s.linhas.map((l) => `<li>${h(l)}</li>`).join("")}</ul>`;
  const corpo = (partes.length ? partes : [{ nome: "", secoes: null }])
    .map(
      (p) =>
        `${p.nome ? `<h2 style="font-size:17px;margin:24px 0 4px;border-top:1px solid #e2e8f0;padding-top:16px">${h(p.nome)}</h2>` : ""}\n` +
        (p.secoes ? p.secoes.map(secaoHtml).join("\n") : `<p style="line-height:1.5">${h(nada)}</p>`),
    )
    .join("\n");
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:640px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;margin:0 0 16px">${h(title)}</h1>
<p style="line-height:1.5">${h(abertura)}</p>
${corpo}
<p style="margin:24px 0"><a href="${h(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${h(action.label)}</a></p>
<p style="font-size:12px;color:#475569">${h(rodape)}</p>
<p style="font-size:12px;color:#475569">${h(COMPANY.name)}</p>
</div></body></html>`;
  return { subject: title, text: `${text}\n`, html };
}
