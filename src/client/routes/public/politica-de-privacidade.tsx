import { Link } from "react-router";
import type { Route } from "./+types/politica-de-privacidade";
import { pageMeta } from "~/lib/site/meta";
import { COMPANY } from "@shared/company";
import { LegalDocument, LegalH3, LegalList, LegalSection, legalLink } from "~/components/public/legal-document";

export function meta(): Route.MetaDescriptors {
  return pageMeta({
    title: "Política de Privacidade",
    description: `Como a ${COMPANY.name} trata dados pessoais no site, no formulário de contato e no portal Portaria Web, em conformidade com a LGPD (Lei nº 13.709/2018).`,
  });
}

const LAST_UPDATED = "22 de novembro de 2026";

const SECTIONS = [
  { id: "controlador", title: "1. Quem é o controlador dos seus dados" },
  { id: "abrangencia", title: "2. A quem esta política se aplica" },
  { id: "dados-coletados", title: "3. Quais dados pessoais tratamos" },
  { id: "operador", title: "4. Dados tratados no Portaria Web em nome dos condomínios" },
  { id: "finalidades", title: "5. Para que usamos os dados e com qual base legal" },
  { id: "compartilhamento", title: "6. Com quem compartilhamos" },
  { id: "transferencia", title: "7. Transferência internacional" },
  { id: "retencao", title: "8. Por quanto tempo guardamos" },
  { id: "seguranca", title: "9. Como protegemos os dados" },
  { id: "direitos", title: "10. Seus direitos como titular" },
  { id: "encarregado", title: "11. Encarregado pelo tratamento de dados (DPO)" },
  { id: "cookies", title: "12. Cookies" },
  { id: "criancas", title: "13. Crianças e adolescentes" },
  { id: "alteracoes", title: "14. Alterações desta política" },
] as const;

export default function PoliticaDePrivacidade() {
  const { name, address, emails, phone } = COMPANY;
  return (
    <LegalDocument
      titleId="politica-titulo"
      title="Política de Privacidade"
      lastUpdated={LAST_UPDATED}
      tocLabel="Sumário da política de privacidade"
      sections={SECTIONS}
      intro={
        <>
          A {name} leva a sério a privacidade das pessoas com quem se relaciona. Esta política explica, de forma direta, quais dados pessoais tratamos, por que
          os tratamos, com quem podem ser compartilhados, por quanto tempo são guardados e como você pode exercer os seus direitos, nos termos da Lei Geral de
          Proteção de Dados Pessoais (LGPD – Lei nº 13.709/2018) e do Marco Civil da Internet (Lei nº 12.965/2014).
        </>
      }
    >
      <LegalSection id="controlador">
        <p>
          O controlador dos dados pessoais tratados no site institucional, no formulário “Fale Conosco”, nos canais de atendimento e nas contas de acesso ao
          portal é a <strong>{name}</strong>, pessoa jurídica de direito privado com sede em {address.full}.
        </p>
        <p>
          Controlador é quem toma as decisões sobre o tratamento de dados pessoais (art. 5º, VI, da LGPD). Quando atuamos apenas seguindo as instruções de um
          cliente — como acontece com os dados de moradores, visitantes e veículos cadastrados pelos condomínios no Portaria Web —, somos{" "}
          <strong>operador</strong> (art. 5º, VII), como explicado na seção 4.
        </p>
        <p>
          Canais de contato: e-mail{" "}
          <a href={`mailto:${emails.contact}`} className={legalLink}>
            {emails.contact}
          </a>
          , telefone {phone.display} e correspondência para o endereço acima.
        </p>
      </LegalSection>

      <LegalSection id="abrangencia">
        <p>Esta política vale para:</p>
        <LegalList>
          <li>visitantes do nosso site institucional;</li>
          <li>pessoas que enviam seus dados pelo formulário “Fale Conosco” ou que nos procuram por telefone, WhatsApp ou e-mail;</li>
          <li>clientes, colaboradores e usuários com conta de acesso ao dashboard da equipe e ao Portaria Web;</li>
          <li>
            moradores, dependentes, visitantes, prestadores de serviço e proprietários de veículos cujos dados são cadastrados no Portaria Web pelos condomínios
            que contratam nossos serviços.
          </li>
        </LegalList>
        <p>
          Os serviços de segurança eletrônica contratados (instalação, monitoramento, portaria remota, controle de acesso e outros) também são regidos pelos
          respectivos contratos, que podem trazer regras específicas de proteção de dados. Em caso de conflito, prevalece o contrato.
        </p>
      </LegalSection>

      <LegalSection id="dados-coletados">
        <LegalH3>3.1 Formulário “Fale Conosco” e canais de atendimento</LegalH3>
        <p>
          Quando você preenche o formulário, coletamos <strong>nome</strong>, <strong>e-mail</strong>, <strong>telefone celular</strong> (opcional) e a{" "}
          <strong>descrição</strong> da sua necessidade. Quando você nos procura por telefone, WhatsApp ou e-mail, tratamos os dados que você decidir
          compartilhar na conversa, como nome, empresa ou condomínio que representa, telefone, e-mail e detalhes do imóvel a ser protegido.
        </p>
        <p>Pedimos que não informe no campo de descrição dados sensíveis (como saúde, religião ou biometria) nem dados de outras pessoas sem necessidade.</p>

        <LegalH3>3.2 Contas de acesso ao portal</LegalH3>
        <p>Para criar e manter as contas do dashboard e do Portaria Web, tratamos:</p>
        <LegalList>
          <li>nome completo, e-mail, telefone celular e CPF do usuário;</li>
          <li>
            grupos de acesso, permissões, situação da conta (ativa, inativa, pendente de confirmação ou bloqueada) e indicação de primeiro acesso concluído;
          </li>
          <li>senha, que nunca é armazenada em texto legível: guardamos apenas um resumo criptográfico (hash) que não permite recuperá-la;</li>
          <li>registros de acesso à aplicação (data, hora, endereço IP, navegador e dispositivo) e dados da sessão de login.</li>
        </LegalList>

        <LegalH3>3.3 Navegação no site</LegalH3>
        <p>
          Nossos servidores registram automaticamente dados técnicos de cada requisição — endereço IP, data e hora, página acessada, navegador e sistema
          operacional — para manter o site funcionando, seguro e disponível. Não usamos ferramentas de análise de comportamento, pixels de publicidade nem
          perfis de navegação.
        </p>
      </LegalSection>

      <LegalSection id="operador">
        <p>O Portaria Web é o sistema de gestão de portaria que oferecemos aos condomínios. Nele, cada condomínio cadastra e gerencia informações como:</p>
        <LegalList>
          <li>
            <strong>moradores e dependentes</strong>: nome completo, CPF, RG, data de nascimento, e-mail, telefone celular, tipo de morador (proprietário,
            inquilino, dependente ou outro), unidade e observações;
          </li>
          <li>
            <strong>veículos</strong>: placa, marca, modelo, cor, tipo e morador e unidade vinculados;
          </li>
          <li>
            <strong>visitantes e prestadores de serviço</strong>: nome ou razão social, CPF ou CNPJ, telefone, e-mail, tipo de serviço, período de autorização
            de acesso e registros de entrada e saída;
          </li>
          <li>
            <strong>dados do condomínio e do síndico</strong>: nome, contato e dados cadastrais do condomínio e das unidades.
          </li>
        </LegalList>
        <p>
          Para esses dados, o <strong>condomínio é o controlador</strong>: é ele quem decide quais informações cadastrar, com qual finalidade (em geral, a
          segurança e o controle de acesso às áreas comuns) e com qual base legal. A {name} atua como <strong>operadora</strong> e trata esses dados somente
          para prestar o serviço contratado, seguindo as instruções do condomínio e o contrato firmado com ele (art. 39 da LGPD). Não usamos esses dados para
          finalidades próprias, como publicidade.
        </p>
        <p>
          Se você é morador, visitante ou prestador e quer exercer seus direitos sobre esses dados, o caminho mais rápido é procurar a administração ou o
          síndico do seu condomínio. Se o pedido chegar até nós, vamos encaminhá-lo ao condomínio responsável e apoiá-lo no atendimento.
        </p>
      </LegalSection>

      <LegalSection id="finalidades">
        <p>Tratamos dados pessoais somente quando há uma finalidade legítima e uma base legal do art. 7º da LGPD:</p>
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Finalidades do tratamento e respectivas bases legais</caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Finalidade
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Base legal (LGPD)
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              <tr>
                <td className="px-4 py-3">Responder ao seu contato, entender sua necessidade e enviar proposta comercial</td>
                <td className="px-4 py-3">Procedimentos preliminares a um contrato a pedido do titular (art. 7º, V) e legítimo interesse (art. 7º, IX)</td>
              </tr>
              <tr>
                <td className="px-4 py-3">Prestar os serviços contratados, como instalação, monitoramento 24h, suporte e portaria remota</td>
                <td className="px-4 py-3">Execução de contrato (art. 7º, V)</td>
              </tr>
              <tr>
                <td className="px-4 py-3">Criar e administrar contas do portal, autenticar usuários e permitir a redefinição de senha</td>
                <td className="px-4 py-3">Execução de contrato (art. 7º, V) e legítimo interesse (art. 7º, IX)</td>
              </tr>
              <tr>
                <td className="px-4 py-3">Guardar registros de acesso à aplicação pelo prazo exigido em lei</td>
                <td className="px-4 py-3">Cumprimento de obrigação legal (art. 7º, II; art. 15 do Marco Civil da Internet)</td>
              </tr>
              <tr>
                <td className="px-4 py-3">Proteger o site e o portal contra fraudes, abusos e acessos indevidos</td>
                <td className="px-4 py-3">Legítimo interesse (art. 7º, IX) e exercício regular de direitos (art. 7º, VI)</td>
              </tr>
              <tr>
                <td className="px-4 py-3">Cumprir obrigações fiscais, contábeis e regulatórias e atender autoridades</td>
                <td className="px-4 py-3">Cumprimento de obrigação legal ou regulatória (art. 7º, II)</td>
              </tr>
              <tr>
                <td className="px-4 py-3">Defender nossos direitos em processos judiciais, administrativos ou arbitrais</td>
                <td className="px-4 py-3">Exercício regular de direitos (art. 7º, VI)</td>
              </tr>
              <tr>
                <td className="px-4 py-3">Enviar novidades e comunicações comerciais não solicitadas</td>
                <td className="px-4 py-3">Somente com o seu consentimento (art. 7º, I), que pode ser revogado a qualquer momento</td>
              </tr>
              <tr>
                <td className="px-4 py-3">Operar o Portaria Web para os condomínios (moradores, visitantes, veículos e prestadores)</td>
                <td className="px-4 py-3">Base legal definida pelo condomínio controlador; atuamos como operador</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Sempre que usamos o legítimo interesse, avaliamos se o tratamento é necessário, se respeita as suas expectativas e se não prevalecem os seus direitos
          e liberdades fundamentais. Não tomamos decisões baseadas exclusivamente em tratamento automatizado que afetem seus interesses.
        </p>
      </LegalSection>

      <LegalSection id="compartilhamento">
        <p>
          <strong>Não vendemos nem alugamos dados pessoais.</strong> O compartilhamento acontece apenas quando necessário e com as seguintes categorias de
          destinatários:
        </p>
        <LegalList>
          <li>
            <strong>fornecedores de tecnologia</strong> que nos ajudam a operar o site e o portal — hospedagem, banco de dados, envio de e-mails transacionais
            (como o de redefinição de senha) e cópias de segurança —, contratados com obrigações de confidencialidade e segurança e proibidos de usar os dados
            para fins próprios;
          </li>
          <li>
            <strong>condomínios clientes</strong>, em relação aos dados que eles mesmos controlam no Portaria Web e aos registros de acesso das suas áreas;
          </li>
          <li>
            <strong>assessores profissionais</strong>, como escritórios de contabilidade, auditoria e advocacia, quando necessário para cumprir obrigações ou
            defender direitos;
          </li>
          <li>
            <strong>autoridades públicas</strong>, quando houver obrigação legal, ordem judicial ou requisição de autoridade competente, limitando-nos ao que
            for exigido;
          </li>
          <li>
            <strong>sucessores</strong>, em caso de reorganização societária, fusão ou aquisição, que ficarão obrigados a respeitar esta política.
          </li>
        </LegalList>
        <p>
          Nosso site contém links para serviços de terceiros, como WhatsApp, Facebook, Instagram, LinkedIn e o mapa interativo do OpenStreetMap (carregado
          somente se você pedir). Ao usá-los, você passa a se relacionar diretamente com esses serviços, sujeitos às políticas de privacidade de cada um.
        </p>
      </LegalSection>

      <LegalSection id="transferencia">
        <p>
          Damos preferência a fornecedores que armazenam os dados no Brasil. Se algum fornecedor precisar tratar dados fora do país, a transferência só ocorrerá
          nas hipóteses do art. 33 da LGPD — por exemplo, com a adoção das cláusulas-padrão contratuais aprovadas pela Autoridade Nacional de Proteção de Dados
          (ANPD) — e com garantias de proteção equivalentes às previstas na lei brasileira.
        </p>
      </LegalSection>

      <LegalSection id="retencao">
        <p>
          Guardamos os dados pessoais apenas pelo tempo necessário para cumprir a finalidade para a qual foram coletados ou para atender obrigações legais. Como
          referência:
        </p>
        <LegalList>
          <li>
            <strong>contatos comerciais (formulário e atendimento)</strong>: até 2 (dois) anos após a última interação, se não houver contratação;
          </li>
          <li>
            <strong>contas de acesso ao portal</strong>: enquanto a conta estiver ativa; depois de desativada, pelo prazo necessário para o cumprimento de
            obrigações legais e o exercício de direitos;
          </li>
          <li>
            <strong>registros de acesso à aplicação</strong>: no mínimo 6 (seis) meses, conforme o art. 15 do Marco Civil da Internet, ou por prazo maior se
            exigido por autoridade;
          </li>
          <li>
            <strong>documentos contratuais e fiscais</strong>: pelos prazos da legislação tributária e civil, em geral de 5 (cinco) anos ou mais;
          </li>
          <li>
            <strong>dados tratados em nome dos condomínios</strong>: pelo prazo definido pelo condomínio e pelo contrato; ao fim da prestação do serviço, são
            devolvidos ou eliminados, conforme instrução do condomínio, salvo obrigação legal de guarda.
          </li>
        </LegalList>
        <p>Terminados esses prazos, os dados são eliminados ou anonimizados de forma segura, nos termos do art. 16 da LGPD.</p>
      </LegalSection>

      <LegalSection id="seguranca">
        <p>
          Adotamos medidas técnicas e administrativas para proteger os dados pessoais contra acessos não autorizados, perda, alteração ou divulgação indevida,
          entre elas:
        </p>
        <LegalList>
          <li>comunicação criptografada (HTTPS) entre o seu navegador e nossos servidores;</li>
          <li>senhas guardadas apenas na forma de hash, com algoritmo próprio para esse fim;</li>
          <li>controle de acesso por grupos e permissões, de modo que cada usuário do portal veja e altere apenas o que a sua função exige;</li>
          <li>cookies de sessão protegidos (HttpOnly, Secure e SameSite) e limite de tentativas de login;</li>
          <li>registros de acesso, cópias de segurança periódicas e atualização constante dos sistemas;</li>
          <li>compromissos de confidencialidade com colaboradores e fornecedores e treinamento da equipe.</li>
        </LegalList>
        <p>
          Nenhum sistema é totalmente imune a riscos. Se ocorrer um incidente de segurança que possa causar risco ou dano relevante aos titulares, comunicaremos
          a ANPD e as pessoas afetadas, nos termos do art. 48 da LGPD, e adotaremos as medidas necessárias para reduzir os seus efeitos. Quando o incidente
          envolver dados tratados como operador, avisaremos também o condomínio controlador.
        </p>
        <p>Você também ajuda a proteger seus dados: guarde sua senha em segredo, não a compartilhe e encerre a sessão ao usar computadores compartilhados.</p>
      </LegalSection>

      <LegalSection id="direitos">
        <p>O art. 18 da LGPD garante a você, titular dos dados, o direito de obter de nós, mediante requisição:</p>
        <ol className="list-[lower-roman] space-y-2 pl-8 marker:text-brand-700">
          <li>a confirmação da existência de tratamento;</li>
          <li>o acesso aos dados;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;</li>
          <li>a portabilidade dos dados a outro fornecedor de serviço ou produto, observada a regulamentação da ANPD e os segredos comercial e industrial;</li>
          <li>a eliminação dos dados tratados com base no seu consentimento, salvo as exceções do art. 16;</li>
          <li>a informação sobre as entidades públicas e privadas com as quais compartilhamos dados;</li>
          <li>a informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa;</li>
          <li>a revogação do consentimento.</li>
        </ol>
        <p>
          Você também pode se opor a um tratamento realizado com base em outra hipótese legal, se houver descumprimento da lei, e pedir a revisão de decisões
          tomadas unicamente com base em tratamento automatizado (art. 20).
        </p>
        <LegalH3>Como exercer seus direitos</LegalH3>
        <p>
          Envie o seu pedido para{" "}
          <a href={`mailto:${emails.contact}?subject=${encodeURIComponent("Privacidade – direitos do titular (LGPD)")}`} className={legalLink}>
            {emails.contact}
          </a>{" "}
          com o assunto “Privacidade – direitos do titular (LGPD)”, informando o seu nome e o direito que deseja exercer. Para proteger você, poderemos pedir
          informações adicionais para confirmar a sua identidade antes de atender ao pedido. O atendimento é gratuito.
        </p>
        <p>
          A confirmação de existência e o acesso aos dados serão fornecidos em formato simplificado imediatamente ou, por declaração clara e completa, em até 15
          (quinze) dias contados do seu pedido (art. 19 da LGPD). Se não pudermos atender de imediato, explicaremos o motivo. Pedidos relativos a dados
          cadastrados pelos condomínios no Portaria Web serão encaminhados ao condomínio controlador, como descrito na seção 4.
        </p>
        <p>
          Se entender que seu pedido não foi atendido adequadamente, você pode apresentar petição à Autoridade Nacional de Proteção de Dados (ANPD) ou aos
          órgãos de defesa do consumidor.
        </p>
      </LegalSection>

      <LegalSection id="encarregado">
        <p>
          O Encarregado pelo Tratamento de Dados Pessoais (Data Protection Officer – DPO) é o canal de comunicação entre a {name}, os titulares e a ANPD. Fale
          com ele pelo e-mail{" "}
          <a href={`mailto:${emails.contact}?subject=${encodeURIComponent("A/C Encarregado de Dados (LGPD)")}`} className={legalLink}>
            {emails.contact}
          </a>{" "}
          (assunto “A/C Encarregado de Dados (LGPD)”) ou por correspondência para {address.full}, aos cuidados do Encarregado de Dados.
        </p>
      </LegalSection>

      <LegalSection id="cookies">
        <p>
          Cookies são pequenos arquivos que o site guarda no seu navegador. <strong>Usamos apenas cookies estritamente necessários</strong>: o cookie de sessão
          criado quando você entra no portal, que mantém o seu login ativo e protege a conta contra acessos indevidos. Ele é apagado quando você clica em “Sair”
          ou quando a sessão expira.
        </p>
        <p>
          Não usamos cookies de análise, de publicidade, de redes sociais ou de rastreamento, nem compartilhamos informações de navegação com anunciantes. Por
          serem indispensáveis ao funcionamento do login, os cookies necessários não dependem de consentimento; se você bloqueá-los nas configurações do
          navegador, o site público continuará funcionando, mas não será possível acessar o portal.
        </p>
      </LegalSection>

      <LegalSection id="criancas">
        <p>
          O site, o formulário de contato e as contas do portal são destinados a maiores de 18 anos. Não coletamos intencionalmente dados de crianças e
          adolescentes por esses canais; se identificarmos esse tipo de cadastro, os dados serão eliminados.
        </p>
        <p>
          No Portaria Web, o condomínio pode cadastrar dependentes menores de idade (por exemplo, filhos de moradores) para fins de segurança e controle de
          acesso. Nesses casos, o tratamento é responsabilidade do condomínio controlador, deve ser feito no melhor interesse da criança ou do adolescente (art.
          14 da LGPD) e é realizado por nós apenas como operador, com as mesmas medidas de segurança aplicadas aos demais dados.
        </p>
      </LegalSection>

      <LegalSection id="alteracoes">
        <p>
          Podemos atualizar esta política para refletir mudanças nos nossos serviços, na legislação ou em orientações da ANPD. A versão vigente estará sempre
          nesta página, com a data da última atualização. Mudanças relevantes serão comunicadas com destaque no site ou, para usuários do portal, por e-mail ou
          aviso no próprio sistema.
        </p>
        <p>
          Esta política é regida pela legislação brasileira. Leia também os nossos{" "}
          <Link to="/termos-de-uso" className={legalLink}>
            Termos de Uso
          </Link>
          .
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
