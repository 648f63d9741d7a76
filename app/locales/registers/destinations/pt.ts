// Destinations (destinations.*) and product kinds (products.*) of the registers:
// spread into ../pt.ts; en and es must have exactly these keys
// (`satisfies DestinationsTranslation`).
const destinationsPt = {
  destinations: {
    subtitle: "Cidades e lugares que a agência vende, com descrição e imagem de capa.",
    new: "Novo destino",
    newSubtitle: "Cadastre um destino; a imagem de capa pode ser enviada depois de salvar.",
    editSubtitle: "Dados do destino, imagem de capa e histórico de alterações.",
    searchPlaceholder: "Nome, cidade, estado ou país",
    count_one: "{{formatted}} destino",
    count_other: "{{formatted}} destinos",
    emptyTitle: "Nenhum destino ainda",
    emptyText: "Cadastre o primeiro destino para usá-lo em pacotes e excursões.",
    sections: {
      place: "Destino",
      about: "Descrição",
    },
    fields: {
      name: "Nome do destino",
      place: "Cidade/Estado",
      description: "Descrição",
      cover: "Imagem de capa",
      createdAt: "Cadastrado em",
    },
    hints: {
      name: "Como aparece para os clientes: Gramado, Serra Gaúcha, Lisboa…",
      state: "Para destinos no Brasil, a sigla do estado (RS, BA…).",
      description: "Aparece nas páginas públicas de pacotes e excursões.",
    },
    cover: {
      title: "Imagem de capa",
      hint: "PNG, JPEG ou WebP, até 2 MB. Aparece nas páginas públicas de pacotes e excursões.",
      none: "Este destino ainda não tem imagem de capa.",
      alt: "Capa de {{name}}",
      file: "Arquivo da imagem",
      upload: "Enviar capa",
      replace: "Trocar capa",
      remove: "Remover capa",
      saved: "A capa de {{name}} foi atualizada.",
      removed: "A capa de {{name}} foi removida.",
      conflict: "A capa foi alterada por outra pessoa ao mesmo tempo. Recarregue a página e tente de novo.",
    },
  },
  products: {
    subtitle: "Os tipos de produto que a agência vende e a categoria financeira padrão das vendas de cada um.",
    readOnly: "Somente administradores e o financeiro podem alterar os produtos.",
    columns: {
      kind: "Produto",
      enabled: "Ativo",
      defaultCategory: "Categoria financeira padrão",
    },
    fields: {
      kind: "Produto",
      enabled: "Ativo",
      defaultCategory: "Categoria financeira padrão",
    },
    kinds: {
      air: "Aéreo",
      hotel: "Hospedagem",
      package: "Pacote",
      insurance: "Seguro viagem",
      transfer: "Traslado",
      tour: "Passeio",
      car_rental: "Locação de veículos",
      cruise: "Cruzeiro",
      other: "Outros",
    },
    enabledLabel: "{{kind}} ativo",
    categoryLabel: "Categoria financeira padrão de {{kind}}",
    categoryPlaceholder: "Ex.: 3.1.01 Receita de passagens",
    categoryHint: "Texto livre por enquanto, até 80 caracteres; o plano de contas do financeiro virá depois.",
    notConfigured: "Ainda não configurado",
    save: "Salvar",
    saving: "Salvando…",
    saved: "{{kind}} foi salvo.",
    enabledOn: "{{kind}} foi ativado.",
    enabledOff: "{{kind}} foi desativado.",
    stale: "Não foi salvo: outra pessoa alterou {{kind}} enquanto você editava. Os valores atuais foram carregados.",
    forbidden: "Só administradores e o financeiro podem alterar os produtos.",
    invalid: "Não foi salvo: confira os valores.",
  },
};

export default destinationsPt;
export type DestinationsTranslation = typeof destinationsPt;
