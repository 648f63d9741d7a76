// Agents and boarding points (Cadastros → Agentes, Locais de Embarque): spread
// into ../pt.ts; en and es must have exactly these keys (`satisfies AgentsTranslation`).
// Shared register texts (fields, sections, errors, delete, history) are in ../registers.
const agentsPt = {
  agents: {
    subtitle: "Vendedores da equipe e revendedores, com a regra de comissão e o Pix para pagá-los.",
    new: "Novo agente",
    newSubtitle: "Cadastre um vendedor da agência ou um revendedor.",
    editSubtitle: "Dados do agente, comissão padrão e histórico de alterações.",
    searchPlaceholder: "Nome, CPF/CNPJ ou e-mail",
    count_one: "{{formatted}} agente",
    count_other: "{{formatted}} agentes",
    emptyTitle: "Nenhum agente ainda",
    emptyText: "Cadastre os vendedores e revendedores que recebem comissão.",
    noUser: "Nenhum (revendedor)",
    inactive: "{{name}} (inativo)",
    reseller: "Revendedor",
    sections: {
      link: "Vínculo e comissão",
      linkHint: "Um vendedor da equipe é vinculado ao seu usuário; um revendedor não tem usuário. A comissão padrão é sugerida nas vendas.",
      pix: "Pix para pagamento de comissões",
    },
    fields: {
      document: "CPF ou CNPJ",
      userId: "Usuário vinculado",
      linked: "Vínculo",
      commissionRule: "Regra de comissão",
      commission: "Comissão padrão (%)",
      commissionBps: "Comissão padrão",
      pixKeyType: "Tipo de chave Pix",
      pixKey: "Chave Pix",
    },
    columns: {
      linkedUser: "Usuário",
      commission: "Comissão",
    },
    rules: {
      sale_percent: "% da venda",
      margin_percent: "% da margem",
    },
    links: {
      internal: "Da equipe (com usuário)",
      reseller: "Revendedor",
    },
    pixTypes: {
      none: "Sem Pix",
      cpf: "CPF",
      cnpj: "CNPJ",
      email: "E-mail",
      phone: "Telefone",
      random: "Chave aleatória",
    },
    hints: {
      document: "CPF (11 dígitos) ou CNPJ (14 dígitos) de quem recebe a comissão.",
      userId: "Só usuários ativos desta agência. Cada usuário pode estar vinculado a um agente.",
      commission: "Percentual de 0 a 100, como 5 ou 2,5.",
      pixKey: "CPF/CNPJ com dígitos verificadores, e-mail, telefone com DDD ou chave aleatória (UUID).",
    },
    errors: {
      pixKeyType: "Escolha o tipo da chave Pix.",
      pixKeyMissing: "Informe a chave Pix ou deixe o tipo em branco.",
      userNotMember: "Escolha um usuário ativo desta agência.",
    },
    duplicate: {
      userId: "Este usuário já está vinculado ao agente {{name}}.",
    },
  },
  boardingPoints: {
    subtitle: "Onde o ônibus das excursões embarca os passageiros.",
    new: "Novo local de embarque",
    newSubtitle: "Endereço, ponto de referência e coordenadas para o mapa.",
    editSubtitle: "Dados do local de embarque e histórico de alterações.",
    searchPlaceholder: "Nome, endereço, bairro ou cidade",
    count_one: "{{formatted}} local de embarque",
    count_other: "{{formatted}} locais de embarque",
    emptyTitle: "Nenhum local de embarque ainda",
    emptyText: "Cadastre os pontos onde os passageiros embarcam nas excursões.",
    map: "ver no mapa",
    mapTitle: "{{name}} no OpenStreetMap (abre em nova aba)",
    fields: {
      address: "Endereço",
      reference: "Ponto de referência",
      latitude: "Latitude",
      longitude: "Longitude",
      coordinates: "Coordenadas",
      defaultOffsetMinutes: "Minutos após a saída",
      offset: "Após a saída",
    },
    hints: {
      address: "Rua e número, ou como o local é conhecido.",
      reference: "Como encontrar: em frente à bilheteria, ao lado do ponto de táxi…",
      coordinates: "Graus decimais, como -23,5403 e -46,5766. Informe as duas ou nenhuma.",
      offset: "Quanto tempo depois da saída da excursão o ônibus passa aqui (0 = primeiro ponto, até 1440).",
      state: "Sigla do estado, como SP.",
    },
    units: {
      h: "h",
      min: "min",
    },
    errors: {
      coordinatesPair: "Informe latitude e longitude juntas, ou deixe as duas em branco.",
    },
  },
};

export default agentsPt;
export type AgentsTranslation = typeof agentsPt;
