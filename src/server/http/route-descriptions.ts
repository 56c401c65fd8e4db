// What each route does, in the words of its users: the OpenAPI document's description of it
// (http/openapi.ts adds who may call it). A test fails for a documented route missing here.
export const ROUTE_DESCRIPTIONS: Record<string, string> = {
  "GET /healthz": "processo no ar",
  "GET /readyz": "banco respondendo (503 se não) e `emails: { pendentes, falhas }` da fila de emails",
  "POST /api/auth/sign-in/email": "`{ email, password }` → cookie de sessão",
  "POST /api/auth/sign-out": "encerra a sessão",
  "POST /api/auth/request-password-reset":
    "`{ email }`; mesma resposta para emails conhecidos ou não; põe o link na fila de emails (no máximo 3 por endereço por hora; o novo link anula os anteriores)",
  "POST /api/auth/reset-password": "`{ newPassword, token }`; token de uso único, válido por 1 h; anula os outros links da conta; encerra as sessões",
  "GET /api/me": "`{ user, profile }`: perfil do Portaria Web com grupos e permissões (ou `null`)",
  "POST /api/me/senha":
    "`{ senhaAtual, novaSenha, confirmacao }` → 204; `senhaAtual` é exigida de quem já concluiu o primeiro acesso (Minha conta); a nova precisa ser diferente da atual; conclui o primeiro acesso, encerra as outras sessões",
  "GET /api/me/sessao": "`{ expira_em }`: quando a sessão termina se nada mais acontecer; **não** conta como uso (as telas perguntam a cada minuto)",
  "GET /api/me/sessoes": "`{ rows, inatividade_minutos }`: as sessões abertas da conta (`id, dispositivo, ip, criada_em, ultimo_uso, atual`)",
  "POST /api/me/sessoes/encerrar-outras": "encerra todas as outras sessões da conta → `{ encerradas }`",
  "POST /api/leads": "`{ nome, email, telefone_celular?, descricao? }` → 201 `{ id }`",
  "GET /api/redefinicao-senha":
    "`{ valido }`: se o link de redefinição de senha ainda serve (existe, não foi usado, não expirou); nada mais sobre a conta; limitado por endereço como a recuperação (5 em 5 minutos, 429)",
  "GET /api/painel": "os cinco números do painel: moradores, unidades, veículos e prestadores ativos, unidades ocupadas e taxa de ocupação",
  "GET /api/painel/condominios": "condomínios ativos (`id`, `nome`) para o filtro",
  "POST /api/page-views": "`{ path }` sob `/portaria-web`: registra a tela vista",
  "GET /api/permissoes": "catálogo, por categoria e nome",
  "POST /api/permissoes": '`{ nome_permissao, descricao?, categoria? }`; nome normalizado; categoria vazia → "Outras"; concedida ao Administrador',
  "PUT /api/permissoes/:id": "mesmo corpo",
  "DELETE /api/permissoes/:id": "409 `IN_USE` se algum grupo (além do Administrador) a usa",
  "GET /api/grupos": "`id, nome_grupo, descricao, user_count, permissoes` (nomes) por nome",
  "GET /api/grupos/:id": "com `permissao_ids`",
  "POST /api/grupos":
    "`{ nome_grupo, descricao, permissao_ids }`; a edição grava só as diferenças; Administrador não pode ser renomeado nem perder permissões (403 `RULE`); só se acrescentam permissões que quem edita possui (403 `RULE`)",
  "PUT /api/grupos/:id":
    "`{ nome_grupo, descricao, permissao_ids }`; a edição grava só as diferenças; Administrador não pode ser renomeado nem perder permissões (403 `RULE`); só se acrescentam permissões que quem edita possui (403 `RULE`)",
  "DELETE /api/grupos/:id": "Administrador: 403 `RULE`",
  "GET /api/usuarios": "`{ rows, total, next }` (paginação como nas listas de cadastros, abaixo); busca em nome, email e CPF; por nome",
  "GET /api/usuarios/:id": "um usuário com grupos",
  "POST /api/usuarios":
    "`{ nome_completo, email, senha, telefone_celular?, cpf?, grupo_ids }` → conta + perfil `pendente_confirmacao` + grupos; email de boas-vindas",
  "PUT /api/usuarios/:id": "`{ nome_completo, telefone_celular, cpf, status, grupo_ids }`; regras abaixo",
  "PATCH /api/usuarios/:id/status": "`{ status }`; `inativo`/`bloqueado` encerram as sessões na hora",
  "POST /api/usuarios/:id/reset-senha": "envia o email de redefinição; não para a própria conta",
  "GET /api/condominios": "por nome; `q` busca nome ou CNPJ",
  "GET /api/condominios/:id": "todos os campos",
  "POST /api/condominios": "CNPJ numérico ou alfanumérico, UF, CEP, telefone validados; `ativo` padrão `true`",
  "PUT /api/condominios/:id": "mesmo corpo e regras do cadastro",
  "DELETE /api/condominios/:id": "409 `FOREIGN_KEY` com unidades ou prestadores vinculados",
  "GET /api/unidades": "com condomínio e `moradores_count`; bloco, depois número em ordem natural",
  "GET /api/unidades/:id": "a unidade, com o condomínio",
  "POST /api/unidades": "condomínio ativo; bloco + número únicos no condomínio (409)",
  "PUT /api/unidades/:id": "mesmo corpo e regras do cadastro",
  "DELETE /api/unidades/:id": "409 `FOREIGN_KEY` com moradores",
  "GET /api/unidades/:id/moradores": "moradores por nome, cada um com seus veículos",
  "GET /api/moradores":
    "por nome, com unidade e condomínio; `q` busca nome, CPF e telefone (só dígitos e a pontuação das máscaras), bloco ou número da unidade",
  "POST /api/unidades/:id/moradores": "cadastra um morador na unidade → 201",
  "PUT /api/moradores/:id": "edita o morador",
  "DELETE /api/moradores/:id": "exclui o morador e os veículos dele → 204",
  "POST /api/moradores/:id/veiculos": "cadastra um veículo do morador; placa ABC-1234 ou ABC1D23, gravada em maiúsculas sem hífen → 201",
  "PUT /api/veiculos/:id": "edita o veículo (mesmas regras da placa)",
  "DELETE /api/veiculos/:id": "exclui o veículo → 204",
  "GET /api/veiculos": "por placa, com morador, unidade e condomínio",
  "GET /api/prestadores": "por nome, com condomínio (ou `null` = geral)",
  "GET /api/prestadores/:id": "o prestador, com o condomínio (ou `null` = geral)",
  "POST /api/prestadores": "CPF ou CNPJ; datas `AAAA-MM-DD`, fim ≥ início; vazios viram `null`",
  "PUT /api/prestadores/:id": "mesmo corpo e regras do cadastro",
  "DELETE /api/prestadores/:id": "409 `FOREIGN_KEY` com registros vinculados",
  "GET /api/bloqueios":
    "mais novos primeiro (cursor `[created_at, id]`); um condomínio inclui os bloqueios de todos os condomínios (`condominio_id` null); `q` busca nome, motivo, documento e placa",
  "POST /api/bloqueios":
    "responde 201 `{ rows }`: sem condomínio, uma linha de todos (quem atende todos) ou uma por condomínio do usuário; pessoa: documento ou nome; veículo: placa; motivo obrigatório; `valido_ate` não no passado (São Paulo)",
  "DELETE /api/bloqueios/:id":
    "remove guardando `removido_por`/`removido_em` e responde o bloqueio; 409 se já removido; 403 num bloqueio de todos os condomínios para quem não atende todos",
  "GET /api/controle-acesso/busca":
    "moradores (nome, CPF, telefone, unidade \"A 101\"), veículos (trecho da placa, com ou sem hífen), prestadores (nome, serviço, documento; situação de hoje) e `visitantes` pré-autorizados em vigor ou dentro agora (nome, documento, código; unidade, validade, `situacao`, `recusa`) do condomínio, até 8 de cada, cada um com `dentro_desde`. Um código de 8 caracteres ou um QR Code (`GV1.…`) digitado abre a autorização em `autorizacao` (ou `null`), com `codigo_recusa` ('Código inválido ou inexistente.', 'Autorização expirada em dd/MM/yyyy.'…); código que não abre nada conta no limite de tentativas (429). `bloqueios`: para cada resultado bloqueado, pela chave `morador:<id>`, `veiculo:<id>`, `prestador:<id>` ou `autorizacao:<id>`, `{ mensagem, pode_liberar }` — o que 'Registrar entrada' responderia (docs/decisions/0001-bloqueio-na-portaria.md)",
  "POST /api/controle-acesso/entrada":
    '`{ condominio_id, pessoa: {tipo: "morador"|"prestador"|"presenca"|"autorizacao", …_id} | {tipo: "codigo", codigo} | {tipo: "qrcode", payload}, placa?, liberar_mesmo_assim?: {autorizado_por} }`; com pré-autorização, as regras dela (hora de São Paulo) e uma entrada contada; código/QR inválido, adulterado ou de outro condomínio → 404 \'Código inválido ou inexistente.\' (nada gravado, conta no limite de tentativas) → 201 `{ registro_id, resultado, titulo, mensagem, pode_liberar }`; recusa também é 201 (`resultado: "negado"`, registrada com o motivo); bloqueio por documento ou placa não se libera, por nome com documento ausente ou outro sim (`pode_liberar`); o `metodo` gravado é do servidor (`codigo`, `qrcode`, senão `busca`; um `metodo` no corpo é ignorado); já dentro → 409 \'Já está no condomínio desde HH:mm.\' (com a data, dd/MM/yyyy HH:mm, quando a entrada não foi hoje em São Paulo; nada é gravado)',
  "POST /api/controle-acesso/saida": "`{ condominio_id, pessoa }` → 201 'Saída registrada'",
  "POST /api/controle-acesso/visitante":
    "visitante sem pré-autorização: nome, documento (tipo CPF: dígitos verificadores conferidos), `unidade_id`, `autorizado_por_morador_id` (morador ativo da unidade) ou, só em unidade sem morador ativo, `autorizado_por_nome` (gravado como digitado), placa, observação; sem documento, cada entrada é uma pessoa (docs/decisions/0002)",
  "GET /api/controle-acesso/presentes":
    "quem está dentro agora, mais recentes primeiro; `q` = nome, documento (não devolvido), placa ou unidade; `tipo_pessoa` = `todos`, `morador`, `visitante`, `prestador`, `entregador` → `{ rows, total, horas_saida_nao_registrada }`; `saida_nao_registrada` para visitante, prestador ou entregador dentro há mais que as horas do condomínio (`horas_saida_nao_registrada`, padrão 12), nunca para morador",
  "GET /api/visitantes":
    "lista, mais recentes primeiro, paginada por cursor (`next`); `q` = nome, documento ou código; `situacao` = `todas`, `ativa`, `utilizada`, `expirada`, `cancelada`; `de`/`ate` = autorizações válidas em algum dia do período → `{ rows, total, next }`",
  "GET /api/visitantes/:id": "uma autorização, com `codigo` e `qr_payload` (o conteúdo assinado do QR Code)",
  "GET /api/visitantes/:id/qrcode":
    "`{ payload, svg }`: a imagem do QR Code em SVG (a página não aceita imagens `data:` — CSP `img-src 'self'` —: o cliente desenha os `<path>` do SVG num `<svg>` próprio; docs/decisions/0240-qr-code-na-tela.md)",
  "POST /api/visitantes":
    '`{ condominio_id, unidade_id, morador_id, nome_visitante, documento_tipo?, documento_numero?, telefone?, email?, placa?, tipo: "unica"|"periodo"|"recorrente", valido_de, valido_ate?, dias_semana? (0 = domingo … 6), hora_inicio?, hora_fim? ("HH:mm"), max_entradas?, observacoes? }` → 201 com código e QR (\'Autorização criada!\'); 400 com o campo quando o morador não é (ativo) da unidade, a unidade não é do condomínio ou o condomínio não é do escopo',
  "POST /api/visitantes/:id/cancelar": "→ 200 com `status: \"cancelada\"` ('Autorização cancelada'); 409 se já não está ativa",
  "POST /api/visitantes/:id/enviar-email":
    'põe na fila de emails o convite (HTML e texto, pt-BR: código, QR Code como imagem embutida, endereço do condomínio, validade) para o email do visitante → `{ enviado_para, mensagem: "Email enviado" }`; 400 sem email na autorização; 409 se não está ativa',
  "GET /api/painel/acessos":
    "o cartão 'Relatórios' do painel: entradas e recusas de hoje (hora de São Paulo), quem está dentro agora e entradas por hora, no condomínio escolhido ou em todos os do escopo",
  "GET /api/controle-acesso/unidades": "as unidades ativas do condomínio, para o formulário de visitante sem pré-autorização",
  "GET /api/controle-acesso/unidades/:id/moradores": "os moradores ativos da unidade (nome, tipo, telefone), para escolher quem autorizou o visitante",
  "GET /api/registros":
    "os registros de acesso, mais recentes primeiro, paginados por cursor (`next`); sem período, hoje (dias de São Paulo); filtros de condomínio, pessoa, tipo, sentido, resultado e texto",
  "GET /api/registros/exportar":
    "exatamente o filtro da lista, em CSV (UTF-8 com BOM, `;`, horas de São Paulo), enviado aos poucos; cada exportação fica registrada (quem, quando, qual filtro, quantas linhas)",
  "POST /api/registros/:id/correcoes":
    "`{ errado, certo }` → 201 `{ id, registrado_em }`: 'Corrigir registro', um novo registro (encadeado) que aponta para o corrigido (`corrige_registro_id`); 404 fora do escopo; 403 `RULE` para a correção de uma correção",
  "POST /api/registros/verificar-integridade":
    "confere a cadeia de hashes dos registros do condomínio no período: 'Registros íntegros: N verificados.' ou o primeiro registro alterado ou removido",
};
