/**
 * The default contract templates every agency starts with (issue #17): one for
 * excursions and one for emissivo (outbound) sales, in Portuguese, with the
 * clauses Brazilian agencies use — the parties (CNPJ and CADASTUR, CPF), the
 * object, price and payment plan, the consumer's 7-day withdrawal (CDC art. 49),
 * cancellation with a table of retentions by days before departure, baggage,
 * documents (minors: ECA art. 83, Resoluções CNJ 295/2019 and 131/2011), the
 * agency as intermediary, force majeure, data protection, the forum, the date
 * and the signature lines — filled with merge fields.
 *
 * Pure and zod-free, and it imports types only: the demo seed loads it under
 * plain Node (scripts/seed/seed-contracts.ts); new agencies get them through
 * default-templates.server.ts. Each document is already in the editor's normal
 * form (no two neighbouring texts with the same marks, a paragraph last), so
 * opening and saving one unchanged writes no new version
 * (default-templates.test.ts checks both docs against the body schema).
 */
import type { HardBreakNode, HeadingNode, InlineNode, ListNode, Mark, MergeFieldNode, ParagraphNode, RuleNode, TemplateDoc, TextNode } from "~/lib/contracts/document";
import type { MergeFieldKey } from "~/lib/contracts/merge-fields";

export type DefaultTemplate = {
  name: string;
  language: "pt";
  saleKind: "excursion" | "emissivo";
  body: TemplateDoc;
};

// ---------------------------------------------------------------------------
// A few builders, so the documents read like the contracts they are.

type Part = string | InlineNode;

const text = (value: string, ...marks: Mark["type"][]): TextNode => (marks.length > 0 ? { type: "text", text: value, marks: marks.map((type) => ({ type })) } : { type: "text", text: value });
const b = (value: string) => text(value, "bold");
const f = (key: MergeFieldKey): MergeFieldNode => ({ type: "mergeField", attrs: { key } });
const br: HardBreakNode = { type: "hardBreak" };
const inline = (parts: Part[]): InlineNode[] => parts.filter((part) => part !== "").map((part) => (typeof part === "string" ? text(part) : part));
const p = (...parts: Part[]): ParagraphNode => (parts.length > 0 ? { type: "paragraph", content: inline(parts) } : { type: "paragraph" });
const h = (level: 1 | 2 | 3, ...parts: Part[]): HeadingNode => ({ type: "heading", attrs: { level }, content: inline(parts) });
const ul = (...items: Part[][]): ListNode => ({ type: "bulletList", content: items.map((parts) => ({ type: "listItem", content: [p(...parts)] })) });
const hr: RuleNode = { type: "horizontalRule" };

// ---------------------------------------------------------------------------
// Clauses both contracts share

const parties = (clause: string) => [
  h(2, `${clause}. DAS PARTES`),
  p(
    b("CONTRATADA: "),
    f("agency.legalName"),
    " (nome fantasia ",
    f("agency.name"),
    "), inscrita no CNPJ sob o nº ",
    f("agency.cnpj"),
    ", cadastrada no Ministério do Turismo (CADASTUR) sob o nº ",
    f("agency.cadastur"),
    ", com sede em ",
    f("agency.address"),
    ", telefone ",
    f("agency.phone"),
    ", e-mail ",
    f("agency.email"),
    ", site ",
    f("agency.website"),
    ", doravante denominada ",
    b("AGÊNCIA"),
    ".",
  ),
  p(
    b("CONTRATANTE: "),
    f("client.name"),
    ", inscrito(a) no CPF/CNPJ sob o nº ",
    f("client.document"),
    ", nascido(a) em ",
    f("client.birthDate"),
    ", residente e domiciliado(a) em ",
    f("client.address"),
    ", telefone ",
    f("client.phone"),
    ", e-mail ",
    f("client.email"),
    ", doravante denominado(a) ",
    b("CONTRATANTE"),
    ", que contrata em seu nome e no dos passageiros relacionados neste contrato, por cujas obrigações responde.",
  ),
  p(
    "As partes celebram o presente contrato, que se rege pelas cláusulas a seguir, pela Lei nº 11.771/2008 (Lei Geral do Turismo), pelo Decreto nº 7.381/2010 e pelo Código de Defesa do Consumidor (Lei nº 8.078/1990).",
  ),
];

const price = (clause: string, extra: ParagraphNode[]) => [
  h(2, `${clause}. DO PREÇO E DA FORMA DE PAGAMENTO`),
  p("Pelos serviços contratados, o(a) CONTRATANTE pagará à AGÊNCIA:"),
  ul(["Valor dos serviços: ", f("totals.price")], ["Desconto: ", f("totals.discount")], ["Taxas: ", f("totals.fees")], [b("Total a pagar: "), f("totals.total")]),
  p("Forma de pagamento: ", f("payment.method"), ". Prazo: ", f("payment.term"), ". Entrada: ", f("payment.downPayment"), ". Parcelas e vencimentos:"),
  p(f("payment.plan")),
  p(
    "O atraso no pagamento de qualquer parcela sujeita o(a) CONTRATANTE à multa de 2% (dois por cento) e aos juros de mora de 1% (um por cento) ao mês, calculados dia a dia. A falta de pagamento de parcela vencida até 7 (sete) dias antes do início da viagem autoriza a AGÊNCIA, após aviso ao(à) CONTRATANTE, a cancelar as reservas, aplicando-se as regras de desistência deste contrato.",
  ),
  ...extra,
];

const withdrawal = (clause: string, extra: ParagraphNode[] = []) => [
  h(2, `${clause}. DO DIREITO DE ARREPENDIMENTO`),
  p(
    "Quando a contratação ocorrer fora do estabelecimento comercial da AGÊNCIA (por telefone, internet, aplicativo de mensagens ou em domicílio), o(a) CONTRATANTE poderá desistir do contrato no prazo de 7 (sete) dias contados da sua assinatura, nos termos do art. 49 do Código de Defesa do Consumidor, com a devolução integral dos valores pagos, monetariamente atualizados, em até 30 (trinta) dias do pedido.",
  ),
  ...extra,
];

const force = (clause: string, extra: ParagraphNode[]) => [
  h(2, `${clause}. DAS ALTERAÇÕES POR CASO FORTUITO OU FORÇA MAIOR`),
  p(
    "Roteiros, horários, meios de transporte e hospedagem poderão ser alterados, sem ônus para as partes, por caso fortuito ou força maior — condições climáticas, interdição de estradas, aeroportos ou atrativos, greves, atos de autoridades, epidemias, conflitos ou falhas mecânicas que ponham em risco a segurança —, caso em que a AGÊNCIA oferecerá, sempre que possível, serviços equivalentes e informará o(a) CONTRATANTE assim que souber da alteração.",
  ),
  ...extra,
  p(
    "Se a viagem não puder ser realizada por esses motivos, a AGÊNCIA devolverá os valores pagos, deduzidas apenas as despesas comprovadamente não reembolsáveis pelos fornecedores, ou oferecerá crédito para nova data, à escolha do(a) CONTRATANTE.",
  ),
];

const general = (clause: string) => [
  h(2, `${clause}. DISPOSIÇÕES GERAIS`),
  p("Observações da venda nº ", f("sale.number"), ": ", f("sale.notes")),
  p("Vendedor(a) responsável: ", f("sale.seller"), "."),
  p(
    "Os dados pessoais do(a) CONTRATANTE e dos passageiros serão tratados pela AGÊNCIA para a execução deste contrato e compartilhados com os fornecedores somente na medida necessária à prestação dos serviços, nos termos da Lei nº 13.709/2018 (Lei Geral de Proteção de Dados).",
  ),
  p(
    "A assinatura eletrônica deste contrato tem validade jurídica nos termos da Medida Provisória nº 2.200-2/2001 e da Lei nº 14.063/2020. O(A) CONTRATANTE declara que leu e compreendeu todas as cláusulas, em especial as de desistência, bagagem e documentos, e que recebeu cópia deste contrato.",
  ),
];

const forum = (clause: string) => [
  h(2, `${clause}. DO FORO`),
  p(
    "Fica eleito o foro da comarca de ",
    f("contract.city"),
    " para dirimir as questões oriundas deste contrato, ressalvado ao(à) CONTRATANTE o direito de propor a ação no foro do seu domicílio, nos termos do art. 101, I, do Código de Defesa do Consumidor.",
  ),
];

const signatures = () => [
  p(f("contract.city"), ", ", f("contract.today"), "."),
  hr,
  p("_______________________________________", br, f("agency.legalName"), br, "CNPJ ", f("agency.cnpj"), br, b("AGÊNCIA")),
  p("_______________________________________", br, f("client.name"), br, "CPF/CNPJ ", f("client.document"), br, b("CONTRATANTE")),
];

// ---------------------------------------------------------------------------
// Contrato de excursão

const excursionBody: TemplateDoc = {
  type: "doc",
  content: [
    h(1, "CONTRATO DE PRESTAÇÃO DE SERVIÇOS TURÍSTICOS — EXCURSÃO"),
    p(b("Contrato nº "), f("contract.number"), " · Venda nº ", f("sale.number"), " de ", f("sale.date")),
    ...parties("1"),

    h(2, "2. DO OBJETO"),
    p(
      "O objeto deste contrato é a prestação, pela AGÊNCIA, dos serviços da excursão “",
      f("excursion.title"),
      "”, com destino a ",
      f("excursion.destination"),
      ", saída em ",
      f("excursion.departure"),
      " e retorno previsto em ",
      f("excursion.return"),
      ", em ônibus de turismo fretado, com os serviços descritos abaixo:",
    ),
    p(f("items.list")),
    p(b("Passageiros ("), f("passengers.count"), b("):"), br, f("passengers.list")),
    p(b("Poltronas reservadas:"), br, f("excursion.seats")),
    p(b("Locais e horários de embarque:"), br, f("boarding.points")),
    p(
      "Cada passageiro deverá apresentar-se no local de embarque escolhido com 30 (trinta) minutos de antecedência. O ônibus não aguardará passageiros atrasados além do horário de saída, e o não comparecimento será tratado como desistência sem aviso (cláusula 5).",
    ),
    p(
      "Estão incluídos somente os serviços descritos neste contrato. Salvo menção expressa, não estão incluídos: refeições e bebidas não mencionadas, ingressos e passeios opcionais, despesas pessoais (telefonemas, lavanderia, frigobar, gorjetas) e seguro de bagagem.",
    ),
    p(
      "A excursão depende de um número mínimo de 30 (trinta) participantes. Não sendo atingido, a AGÊNCIA poderá cancelá-la, comunicando o(a) CONTRATANTE com pelo menos 7 (sete) dias de antecedência da saída, e devolverá integralmente os valores pagos ou oferecerá crédito para outra data, à escolha do(a) CONTRATANTE.",
    ),

    ...price("3", []),
    ...withdrawal("4"),

    h(2, "5. DO CANCELAMENTO E DA DESISTÊNCIA"),
    p(
      "Fora da hipótese da cláusula 4, a desistência do(a) CONTRATANTE ou de qualquer passageiro deverá ser comunicada por escrito à AGÊNCIA e implicará a retenção dos percentuais abaixo sobre o valor total dos serviços do(s) desistente(s), para cobrir as despesas já assumidas com o fretamento do ônibus, a hospedagem e os demais fornecedores, contados os dias até a data de saída:",
    ),
    ul(
      ["mais de 30 (trinta) dias antes da saída: ", b("10%"), " (dez por cento);"],
      ["de 30 (trinta) a 21 (vinte e um) dias: ", b("20%"), " (vinte por cento);"],
      ["de 20 (vinte) a 15 (quinze) dias: ", b("30%"), " (trinta por cento);"],
      ["de 14 (quatorze) a 8 (oito) dias: ", b("50%"), " (cinquenta por cento);"],
      ["7 (sete) dias ou menos, ou não comparecimento ao embarque: ", b("80%"), " (oitenta por cento)."],
    ),
    p(
      "O saldo será devolvido em até 30 (trinta) dias da comunicação. Até 72 (setenta e duas) horas antes da saída, o(a) CONTRATANTE poderá, em vez de desistir, indicar outra pessoa para ocupar o lugar do passageiro, sem retenção, desde que os fornecedores aceitem a substituição e o novo passageiro apresente os documentos exigidos.",
    ),

    h(2, "6. DA BAGAGEM"),
    p(
      "Cada passageiro poderá levar, sem custo adicional, 1 (uma) mala de até 23 kg no bagageiro do ônibus e 1 (um) volume de mão de até 5 kg, que caiba no porta-pacotes acima da poltrona, observadas as normas de transporte rodoviário de passageiros da ANTT. Volumes acima desses limites poderão ser recusados ou transportados mediante pagamento, conforme o espaço disponível.",
    ),
    p(
      "É proibido transportar produtos perigosos, inflamáveis ou ilícitos, armas e animais (salvo cão-guia). Recomenda-se identificar as bagagens com etiqueta de nome e telefone. Dinheiro, joias, documentos, medicamentos e aparelhos eletrônicos devem ser levados na bagagem de mão, sob a guarda do passageiro. Danos ou faltas na bagagem despachada devem ser comunicados ao coordenador da excursão ou ao motorista antes de deixar o local do desembarque.",
    ),

    h(2, "7. DOS DOCUMENTOS"),
    p(
      "Cada passageiro deverá portar documento de identificação original com foto, em bom estado (RG, CNH, carteira profissional ou passaporte), exigido no embarque e na hospedagem. Crianças devem portar certidão de nascimento ou documento de identidade.",
    ),
    p(
      "Menores de 16 (dezesseis) anos que viajem para fora da comarca onde residem desacompanhados dos pais ou responsáveis só poderão embarcar com autorização judicial ou com autorização escrita dos pais ou responsáveis com firma reconhecida, salvo quando acompanhados de ascendente ou parente colateral até o terceiro grau, comprovado o parentesco por documento, nos termos do art. 83 do Estatuto da Criança e do Adolescente (Lei nº 8.069/1990) e da Resolução CNJ nº 295/2019.",
    ),
    p(
      "O passageiro impedido de embarcar ou de se hospedar por falta ou irregularidade de documentos será considerado desistente, aplicando-se a cláusula 5; a AGÊNCIA não responde por esse impedimento.",
    ),

    h(2, "8. DA RESPONSABILIDADE DA AGÊNCIA E DOS PASSAGEIROS"),
    p(
      "A AGÊNCIA organiza a excursão e atua como intermediária na contratação da transportadora, dos meios de hospedagem e dos demais prestadores, escolhidos com diligência, respondendo perante o(a) CONTRATANTE nos termos do Código de Defesa do Consumidor e da Lei nº 11.771/2008. A transportadora responde pela condução do veículo, pela regularidade do fretamento perante a ANTT ou o órgão estadual competente e pelo seguro de responsabilidade civil dos passageiros.",
    ),
    p(
      "Os passageiros comprometem-se a respeitar os horários do roteiro, as normas do ônibus, dos hotéis e dos atrativos e as orientações do coordenador, respondendo pelos danos que causarem. O passageiro cuja conduta puser em risco a segurança ou o bem-estar do grupo poderá ser desligado da excursão, sem direito a reembolso dos serviços não utilizados.",
    ),

    ...force("9", [
      p(
        "Despesas extraordinárias decorrentes desses eventos (pernoites ou refeições adicionais), quando não cobertas pelos fornecedores ou por seguro, serão informadas antes de contratadas e correrão por conta dos passageiros.",
      ),
    ]),
    ...general("10"),
    ...forum("11"),
    ...signatures(),
  ],
};

// ---------------------------------------------------------------------------
// Contrato de viagem — emissivo

const emissivoBody: TemplateDoc = {
  type: "doc",
  content: [
    h(1, "CONTRATO DE INTERMEDIAÇÃO DE SERVIÇOS TURÍSTICOS — VIAGEM"),
    p(b("Contrato nº "), f("contract.number"), " · Venda nº ", f("sale.number"), " de ", f("sale.date")),
    ...parties("1"),

    h(2, "2. DO OBJETO"),
    p(
      "O objeto deste contrato é a intermediação, pela AGÊNCIA, da reserva e da contratação dos serviços turísticos abaixo, prestados pelos fornecedores neles indicados (companhias aéreas, meios de hospedagem, operadoras, seguradoras, locadoras e prestadores de traslado e passeios):",
    ),
    p(f("items.list")),
    p(b("Passageiros ("), f("passengers.count"), b("):"), br, f("passengers.list")),
    p(
      "Os serviços ficam garantidos somente após a emissão dos bilhetes e a confirmação das reservas pelos fornecedores. Tarifas aéreas e de hospedagem estão sujeitas à disponibilidade e podem mudar até a emissão; qualquer diferença será informada ao(à) CONTRATANTE antes da confirmação, que poderá aceitá-la ou desistir sem ônus.",
    ),
    p(
      "Estão incluídos somente os serviços descritos acima. Não estão incluídos, salvo menção expressa: refeições e bebidas não mencionadas, taxas locais e de turismo cobradas no destino, gorjetas, despesas pessoais, vistos, vacinas e bagagem acima da franquia da tarifa adquirida.",
    ),

    ...price("3", [
      p(
        "Serviços cotados em moeda estrangeira são convertidos pelo câmbio turismo do dia de cada pagamento, quando assim indicado na venda. Impostos incidentes sobre remessas ao exterior (IOF) estão incluídos nos valores informados.",
      ),
    ]),
    ...withdrawal("4", [
      p(
        "Bilhetes aéreos comprados com 7 (sete) dias ou mais de antecedência do voo podem ser cancelados sem custo em até 24 (vinte e quatro) horas do recebimento do comprovante da compra, nos termos do art. 11 da Resolução ANAC nº 400/2016.",
      ),
    ]),

    h(2, "5. DO CANCELAMENTO, DA DESISTÊNCIA E DAS ALTERAÇÕES"),
    p(
      "Fora das hipóteses da cláusula 4, cancelamentos e alterações pedidos pelo(a) CONTRATANTE seguem as regras de cada fornecedor, informadas no momento da compra: bilhetes aéreos obedecem às regras da tarifa adquirida (multas, diferenças de tarifa e reembolso das taxas de embarque), e hospedagens e serviços com tarifa não reembolsável não são devolvidos.",
    ),
    p("Para pacotes e serviços terrestres, salvo quando as condições do fornecedor forem mais favoráveis ao(à) CONTRATANTE, serão retidos sobre o valor desses serviços, contados os dias até o início da viagem:"),
    ul(
      ["mais de 45 (quarenta e cinco) dias antes: ", b("10%"), " (dez por cento);"],
      ["de 45 (quarenta e cinco) a 30 (trinta) dias: ", b("20%"), " (vinte por cento);"],
      ["de 29 (vinte e nove) a 21 (vinte e um) dias: ", b("30%"), " (trinta por cento);"],
      ["de 20 (vinte) a 8 (oito) dias: ", b("50%"), " (cinquenta por cento);"],
      ["7 (sete) dias ou menos, ou não comparecimento (no-show): ", b("80%"), " (oitenta por cento)."],
    ),
    p(
      "Em qualquer caso, a AGÊNCIA poderá reter a remuneração dos serviços de intermediação já prestados, de até 10% (dez por cento) do valor dos serviços cancelados, e devolverá o saldo em até 30 (trinta) dias após o reembolso dos fornecedores. Remarcações ficam sujeitas à disponibilidade e às diferenças de tarifa.",
    ),

    h(2, "6. DA BAGAGEM"),
    p(
      "A franquia de bagagem despachada e de mão é definida pela companhia aérea conforme a tarifa adquirida e o destino, nos termos da Resolução ANAC nº 400/2016 (nos voos domésticos, bagagem de mão de até 10 kg) e, nos voos internacionais, da Convenção de Montreal. Bagagem acima da franquia é paga diretamente à companhia aérea.",
    ),
    p(
      "Em caso de extravio, atraso ou dano, o passageiro deve registrar o Registro de Irregularidade de Bagagem (RIB) no balcão da companhia aérea antes de deixar a área de desembarque; a responsabilidade pela bagagem é da transportadora, e a AGÊNCIA prestará auxílio no encaminhamento da reclamação. Objetos de valor, documentos, medicamentos e eletrônicos devem seguir na bagagem de mão.",
    ),

    h(2, "7. DOS DOCUMENTOS, VISTOS E SAÚDE"),
    p(
      "É responsabilidade de cada passageiro portar os documentos exigidos: nos voos domésticos, documento de identificação original com foto; nas viagens internacionais, passaporte válido (muitos países exigem validade mínima de 6 meses na data de entrada) ou, nos países do Mercosul que o aceitam, carteira de identidade (RG) em bom estado, além dos vistos, do Certificado Internacional de Vacinação e Profilaxia (CIVP) e dos seguros exigidos pelo destino — na Europa (Espaço Schengen), seguro-viagem com cobertura mínima de 30.000 euros.",
    ),
    p(
      "Menores de 16 (dezesseis) anos em viagens nacionais desacompanhados dos pais ou responsáveis precisam da autorização prevista no art. 83 do Estatuto da Criança e do Adolescente (Lei nº 8.069/1990) e na Resolução CNJ nº 295/2019. Em viagens internacionais, crianças e adolescentes que não viajem com ambos os pais precisam de autorização judicial ou de autorização dos pais ou responsáveis com firma reconhecida, nos termos da Resolução CNJ nº 131/2011.",
    ),
    p(
      "A AGÊNCIA orienta o(a) CONTRATANTE sobre as exigências conhecidas na data da venda, mas não responde pelo impedimento de embarque ou de entrada no destino por falta, irregularidade ou recusa de documentos, vistos ou vacinas, hipótese tratada como desistência (cláusula 5). Recomenda-se a contratação de seguro-viagem.",
    ),

    h(2, "8. DA RESPONSABILIDADE DA AGÊNCIA"),
    p(
      "A AGÊNCIA atua como intermediária entre o(a) CONTRATANTE e os fornecedores dos serviços, escolhidos com diligência, e responde nos termos do Código de Defesa do Consumidor e da Lei nº 11.771/2008. Atrasos, cancelamentos e alterações de voos, overbooking e a assistência material devida aos passageiros são de responsabilidade da companhia aérea, nos termos da Resolução ANAC nº 400/2016; a AGÊNCIA prestará auxílio ao(à) CONTRATANTE junto ao fornecedor.",
    ),
    p(
      "O(A) CONTRATANTE compromete-se a conferir os dados dos bilhetes e vouchers recebidos (nomes conforme o documento de viagem, datas e horários) e a comunicar qualquer divergência à AGÊNCIA em até 24 (vinte e quatro) horas do recebimento, bem como a reconfirmar os horários dos voos antes da viagem.",
    ),

    ...force("9", []),
    ...general("10"),
    ...forum("11"),
    ...signatures(),
  ],
};

/** The two templates every agency gets, each the default of its kind of sale. */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  { name: "Contrato de excursão", language: "pt", saleKind: "excursion", body: excursionBody },
  { name: "Contrato de viagem — emissivo", language: "pt", saleKind: "emissivo", body: emissivoBody },
];
