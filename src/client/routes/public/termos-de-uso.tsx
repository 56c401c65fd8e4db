import { Link } from "react-router";
import type { Route } from "./+types/termos-de-uso";
import { pageMeta } from "~/lib/site/meta";
import { COMPANY } from "@shared/company";
import { LegalDocument, LegalList, LegalSection, legalLink } from "~/components/public/legal-document";

export function meta(): Route.MetaDescriptors {
  return pageMeta({
    title: "Termos de Uso",
    description: `Condições de uso do site, do dashboard e do portal Portaria Web da ${COMPANY.name}.`,
  });
}

const LAST_UPDATED = "22 de novembro de 2026";

const SECTIONS = [
  { id: "aceitacao", title: "1. Aceitação dos termos" },
  { id: "definicoes", title: "2. Definições" },
  { id: "servicos", title: "3. Serviços oferecidos" },
  { id: "contas", title: "4. Contas de acesso e credenciais" },
  { id: "uso-aceitavel", title: "5. Uso aceitável" },
  { id: "dados-inseridos", title: "6. Dados inseridos pelos clientes" },
  { id: "propriedade-intelectual", title: "7. Propriedade intelectual" },
  { id: "responsabilidade", title: "8. Limitação de responsabilidade" },
  { id: "disponibilidade", title: "9. Disponibilidade e alterações do serviço" },
  { id: "dados-pessoais", title: "10. Dados pessoais" },
  { id: "links-terceiros", title: "11. Links para sites de terceiros" },
  { id: "alteracoes", title: "12. Alterações destes termos" },
  { id: "disposicoes-gerais", title: "13. Disposições gerais" },
  { id: "lei-e-foro", title: "14. Lei aplicável e foro" },
  { id: "contato", title: "15. Contato" },
] as const;

export default function TermosDeUso() {
  const { name, shortName, address, emails, phone } = COMPANY;
  return (
    <LegalDocument
      titleId="termos-titulo"
      title="Termos de Uso"
      lastUpdated={LAST_UPDATED}
      tocLabel="Sumário dos termos de uso"
      sections={SECTIONS}
      intro={
        <>
          Estes Termos de Uso estabelecem as regras para utilizar o site institucional, o dashboard da equipe e o portal Portaria Web da {name}, com sede em{" "}
          {address.full}. Leia-os com atenção: eles explicam os seus direitos e as suas responsabilidades ao usar as nossas plataformas.
        </>
      }
    >
      <LegalSection id="aceitacao">
        <p>
          Ao acessar o site, enviar o formulário de contato ou entrar no portal, você declara que leu, entendeu e concorda com estes Termos de Uso e com a nossa{" "}
          <Link to="/politica-de-privacidade" className={legalLink}>
            Política de Privacidade
          </Link>
          . Se não concordar com alguma condição, não utilize as plataformas.
        </p>
        <p>Quem usa o portal em nome de uma empresa ou de um condomínio declara ter poderes para aceitar estes termos em nome dessa organização.</p>
      </LegalSection>

      <LegalSection id="definicoes">
        <LegalList>
          <li>
            <strong>{shortName}</strong> ou <strong>nós</strong>: a {name}.
          </li>
          <li>
            <strong>Site</strong>: as páginas públicas com informações sobre a empresa, os serviços e os canais de contato.
          </li>
          <li>
            <strong>Portal</strong>: as áreas restritas acessadas com login e senha, que incluem o dashboard da equipe e o Portaria Web, sistema de gestão de
            portaria para condomínios.
          </li>
          <li>
            <strong>Cliente</strong>: a empresa ou o condomínio que contratou nossos serviços.
          </li>
          <li>
            <strong>Usuário</strong>: a pessoa física que acessa o site ou que recebeu uma conta de acesso ao portal.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="servicos">
        <p>
          Pelo site, apresentamos nossas soluções de segurança eletrônica e tecnologia — câmeras e CFTV, alarmes, controle de acesso, portaria remota,
          monitoramento 24 horas, redes e infraestrutura, automação e aplicativo — e recebemos pedidos de contato e orçamento. As informações do site têm
          caráter informativo e não constituem proposta comercial: condições, prazos e preços só valem quando apresentados por escrito em proposta ou contrato.
        </p>
        <p>
          Pelo portal, oferecemos ferramentas para a nossa equipe e para os clientes, como a gestão de condomínios, unidades, moradores, veículos, prestadores
          de serviço, usuários e permissões no Portaria Web. A contratação dos serviços de segurança é regida por contrato próprio; em caso de conflito entre o
          contrato e estes termos, prevalece o contrato.
        </p>
      </LegalSection>

      <LegalSection id="contas">
        <p>
          As contas de acesso ao portal são criadas pela {shortName} ou pelo administrador indicado pelo cliente. Não há cadastro aberto ao público. Ao receber
          uma conta, você se compromete a:
        </p>
        <LegalList>
          <li>fornecer informações verdadeiras, completas e atualizadas;</li>
          <li>definir uma senha própria no primeiro acesso e mantê-la em sigilo;</li>
          <li>não compartilhar, emprestar ou transferir seu login e senha: a conta é pessoal e intransferível, e cada pessoa deve ter a sua;</li>
          <li>encerrar a sessão (“Sair”) ao terminar, principalmente em computadores compartilhados;</li>
          <li>avisar-nos imediatamente, pelos canais da seção 15, se suspeitar de uso não autorizado da sua conta ou de perda da senha.</li>
        </LegalList>
        <p>
          Você é responsável por todas as ações realizadas com as suas credenciais até nos comunicar um uso indevido. Cada usuário acessa apenas as funções
          liberadas pelas permissões do seu grupo; o administrador do cliente é responsável por conceder, revisar e retirar permissões e por desativar contas de
          quem deixou de precisar delas.
        </p>
        <p>
          Podemos suspender ou bloquear contas, com ou sem aviso prévio, em caso de suspeita de fraude, de acesso indevido, de violação destes termos ou a
          pedido do cliente responsável.
        </p>
      </LegalSection>

      <LegalSection id="uso-aceitavel">
        <p>Ao usar o site e o portal, você concorda em não:</p>
        <LegalList>
          <li>praticar atos ilícitos ou contrários à moral, aos bons costumes e à ordem pública;</li>
          <li>tentar acessar áreas, dados ou funções para as quais não tem permissão;</li>
          <li>
            testar, sondar ou contornar mecanismos de segurança e autenticação, ou explorar vulnerabilidades — se encontrar uma falha, comunique-nos de forma
            responsável;
          </li>
          <li>enviar vírus, códigos maliciosos ou qualquer conteúdo que possa danificar sistemas;</li>
          <li>sobrecarregar a infraestrutura, inclusive com acessos automatizados, robôs ou extração massiva de dados;</li>
          <li>copiar, descompilar ou fazer engenharia reversa do software do portal;</li>
          <li>
            cadastrar dados falsos ou de terceiros sem base legal, ou usar as informações do portal para finalidades diferentes da gestão de segurança e de
            acesso do cliente;
          </li>
          <li>usar as plataformas para assediar, discriminar, ameaçar ou expor qualquer pessoa.</li>
        </LegalList>
        <p>
          O descumprimento destas regras pode levar à suspensão do acesso, sem prejuízo das medidas legais cabíveis e da responsabilização por eventuais danos.
        </p>
      </LegalSection>

      <LegalSection id="dados-inseridos">
        <p>
          Os dados de moradores, visitantes, veículos e prestadores de serviço cadastrados no Portaria Web pertencem ao cliente, que é o controlador desses
          dados nos termos da Lei Geral de Proteção de Dados Pessoais (LGPD – Lei nº 13.709/2018). O cliente é responsável por ter base legal para o cadastro,
          por informar os titulares e pela exatidão das informações. A {shortName} trata esses dados como operadora, apenas para prestar o serviço contratado.
        </p>
      </LegalSection>

      <LegalSection id="propriedade-intelectual">
        <p>
          A marca, o nome, o logotipo, os textos, as imagens, o leiaute e o software do site e do portal pertencem à {name} ou a seus licenciantes e são
          protegidos pelas Leis nº 9.610/1998 (direitos autorais), nº 9.609/1998 (programas de computador) e nº 9.279/1996 (propriedade industrial).
        </p>
        <p>
          Concedemos a você uma licença limitada, pessoal, não exclusiva, intransferível e revogável para usar as plataformas conforme estes termos. Nenhum
          outro direito é transferido. É proibido reproduzir, modificar, distribuir ou explorar comercialmente qualquer conteúdo sem a nossa autorização prévia
          e por escrito.
        </p>
      </LegalSection>

      <LegalSection id="responsabilidade">
        <p>
          Trabalhamos para que as informações do site sejam corretas e atualizadas e para que o portal funcione bem, mas eles são oferecidos no estado em que se
          encontram. Na máxima extensão permitida pela lei, a {shortName} não se responsabiliza por:
        </p>
        <LegalList>
          <li>
            interrupções ou falhas causadas por caso fortuito ou força maior, por falhas de energia, de internet ou de telecomunicações, ou por serviços de
            terceiros fora do nosso controle;
          </li>
          <li>danos decorrentes do uso indevido das credenciais pelo usuário, do compartilhamento de senhas ou do descumprimento destes termos;</li>
          <li>decisões tomadas exclusivamente com base em informações gerais publicadas no site;</li>
          <li>conteúdo, disponibilidade e práticas de sites e aplicativos de terceiros.</li>
        </LegalList>
        <p>
          Soluções de segurança eletrônica reduzem riscos, mas não eliminam a possibilidade de incidentes. As obrigações e a responsabilidade relativas aos
          serviços contratados são as previstas no respectivo contrato.
        </p>
        <p>
          Nada nestes termos exclui ou limita responsabilidades que não possam ser afastadas por lei, inclusive os direitos garantidos pelo Código de Defesa do
          Consumidor (Lei nº 8.078/1990) quando ele for aplicável.
        </p>
      </LegalSection>

      <LegalSection id="disponibilidade">
        <p>
          Buscamos manter o site e o portal disponíveis de forma contínua, mas podem ocorrer interrupções para manutenção, atualizações de segurança ou por
          motivos técnicos. Sempre que possível, manutenções programadas serão feitas em horários de menor uso.
        </p>
        <p>
          Podemos incluir, modificar ou retirar funcionalidades a qualquer momento. Algumas áreas do dashboard estão em desenvolvimento e podem exibir dados de
          demonstração, que têm caráter meramente ilustrativo.
        </p>
      </LegalSection>

      <LegalSection id="dados-pessoais">
        <p>
          O tratamento de dados pessoais no site e no portal — incluindo quais dados coletamos, as finalidades, o compartilhamento, a retenção e como exercer os
          seus direitos — está descrito na nossa{" "}
          <Link to="/politica-de-privacidade" className={legalLink}>
            Política de Privacidade
          </Link>
          , que faz parte destes termos.
        </p>
      </LegalSection>

      <LegalSection id="links-terceiros">
        <p>
          O site pode conter links para serviços de terceiros, como WhatsApp, redes sociais e mapas. Esses serviços têm termos e políticas próprios, e o acesso
          a eles é feito por sua conta e risco.
        </p>
      </LegalSection>

      <LegalSection id="alteracoes">
        <p>
          Podemos alterar estes termos a qualquer momento. A versão vigente estará sempre nesta página, com a data da última atualização. Mudanças relevantes
          serão comunicadas com destaque no site ou, para usuários do portal, por e-mail ou aviso no sistema. Continuar usando as plataformas depois da
          alteração significa concordar com a nova versão.
        </p>
      </LegalSection>

      <LegalSection id="disposicoes-gerais">
        <LegalList>
          <li>A tolerância quanto ao descumprimento de qualquer condição não significa renúncia ao direito de exigi-la posteriormente.</li>
          <li>Se alguma disposição for considerada inválida, as demais continuam válidas e em pleno vigor.</li>
          <li>
            As comunicações relativas a estes termos serão feitas preferencialmente por e-mail, para o endereço cadastrado pelo usuário ou para os nossos canais
            indicados abaixo.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="lei-e-foro">
        <p>
          Estes termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da <strong>Comarca de Barueri – SP</strong> para resolver
          qualquer questão relacionada a eles, com renúncia a qualquer outro, por mais privilegiado que seja, ressalvado o direito do consumidor de propor ação
          no foro do seu domicílio, conforme o Código de Defesa do Consumidor.
        </p>
      </LegalSection>

      <LegalSection id="contato">
        <p>Dúvidas, sugestões ou comunicações sobre estes termos podem ser enviadas para:</p>
        <LegalList>
          <li>
            E-mail:{" "}
            <a href={`mailto:${emails.contact}`} className={legalLink}>
              {emails.contact}
            </a>
          </li>
          <li>Telefone: {phone.display}</li>
          <li>Endereço: {address.full}</li>
        </LegalList>
      </LegalSection>
    </LegalDocument>
  );
}
