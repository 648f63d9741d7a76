/**
 * Licences (spec §3, §5): a map of module key → { enabled, order, name, icon,
 * submodules? }, nestable. The default is the full tree of spec §2.3 with every
 * module enabled. Names are the Portuguese display names; the shell translates
 * by key (menu.<key>) unless the agency renamed an entry (labels per language).
 */
import type { Language } from "~/locales";

export type LicenceModule = {
  enabled: boolean;
  order: number;
  name: string;
  icon: string;
  /** Agency overrides from menu management, per language. */
  labels?: Partial<Record<Language, string>>;
  submodules?: LicenceModules;
};
export type LicenceModules = Record<string, LicenceModule>;

const m = (
  order: number,
  name: string,
  icon: string,
  submodules?: LicenceModules,
): LicenceModule => ({ enabled: true, order, name, icon, ...(submodules ? { submodules } : {}) });

export function defaultLicence(): LicenceModules {
  return {
    dashboard: m(1, "Dashboard", "dashboard"),
    cadastros: m(2, "Cadastros", "cadastros", {
      clientes: m(1, "Clientes", "clientes"),
      fornecedores: m(2, "Fornecedores", "fornecedores"),
      prestadores: m(3, "Prestadores", "prestadores"),
      agentes: m(4, "Agentes", "agentes"),
      embarques: m(5, "Locais de Embarque", "embarques"),
      destinos: m(6, "Destinos", "destinos"),
      produtos: m(7, "Produtos", "produtos"),
    }),
    servicos: m(3, "Serviços", "servicos", {
      pacotes_de_terceiros: m(1, "Pacotes de Terceiros", "pacotes_de_terceiros"),
      fretamento_terrestre: m(2, "Fretamento Terrestre", "fretamento_terrestre"),
      bloqueio_hospedagem: m(3, "Bloqueio de Hospedagem", "bloqueio_hospedagem"),
      bloqueio_aereo: m(4, "Bloqueio Aéreo", "bloqueio_aereo"),
      excursoes: m(5, "Excursões", "excursoes"),
      receptivo: m(6, "Receptivo", "receptivo"),
    }),
    crm: m(4, "CRM", "crm"),
    tarefas: m(5, "Tarefas", "tarefas", {
      geral: m(1, "Visão Geral", "geral"),
      tipos: m(2, "Tipos de Tarefa", "tipos"),
    }),
    vendas: m(6, "Vendas", "vendas", {
      emissivo: m(1, "Emissivo", "emissivo"),
      excursoes: m(2, "Excursões", "excursoes"),
    }),
    contratos: m(7, "Contratos", "contratos", {
      modelos: m(1, "Modelos", "modelos"),
      contratos_pendentes: m(2, "Geração Pendente", "contratos_pendentes"),
      assinaturas: m(3, "Assinaturas Pendentes", "assinaturas_pendentes"),
    }),
    financeiro: m(8, "Financeiro", "financeiro", {
      contas_a_receber: m(1, "Contas a Receber", "contas_a_receber"),
      contas_a_pagar: m(2, "Contas a Pagar", "contas_a_pagar"),
      faturamento: m(3, "Faturamento", "faturamento", {
        gerar_fatura: m(1, "Gerar Fatura", "gerar_fatura"),
        comissoes: m(2, "Comissões", "comissoes"),
        listagem_de_faturas: m(3, "Listagem de Faturas", "listagem_de_faturas"),
      }),
      relatorios: m(4, "Relatórios", "relatorios", {
        dre: m(1, "DRE", "dre"),
        extrato_de_contas: m(2, "Extrato de Contas", "extrato_de_contas"),
      }),
      configuracoes: m(5, "Configurações", "configuracoes", {
        prazos_de_pagamento: m(1, "Prazos de Pagamento", "prazos_de_pagamento"),
        tipos_de_conta: m(2, "Tipos de Conta", "tipos_de_conta"),
        plano_de_contas: m(3, "Plano de Contas", "plano_de_contas"),
        bancos_e_caixas: m(4, "Bancos e Caixas", "bancos_e_caixas"),
        intermediadores: m(5, "Intermediadores", "intermediadores"),
      }),
      cambio: m(6, "Câmbio", "cambio"),
    }),
    parametrizacao: m(9, "Parametrização", "parametrizacao", {
      email: m(1, "Configurações de E-mail", "email"),
    }),
    sistema: m(10, "Sistema", "sistema", {
      user_management: m(1, "Gestão de Usuários", "user_management"),
      license_management: m(1.5, "Gestão de Licenças", "license_management"),
      minha_agencia: m(2, "Minha Agência", "minha_agencia"),
      integracoes: m(3, "Integrações", "integracoes", {
        asaas: m(1, "Asaas", "asaas"),
        webhooks: m(2, "Histórico de Webhooks", "webhooks"),
      }),
      sobre: m(4, "Sobre o Sistema", "sobre"),
      historico_versoes: m(5, "Histórico de Versões", "historico_versoes"),
    }),
  };
}

/**
 * Spec §5: a permission holds only if the module exists and is enabled; for a
 * submodule the submodule must also exist and be enabled. While the licence is
 * loading (null/undefined), every check is false. `path` may go deeper than one
 * submodule (e.g. financeiro → faturamento → comissoes): every step must hold.
 */
export function hasPermission(
  licence: LicenceModules | null | undefined,
  module: string,
  ...path: string[]
): boolean {
  if (!licence) return false;
  let entry: LicenceModule | undefined = Object.hasOwn(licence, module) ? licence[module] : undefined;
  if (!entry?.enabled) return false;
  for (const key of path) {
    const subs: LicenceModules | undefined = entry.submodules;
    entry = subs && Object.hasOwn(subs, key) ? subs[key] : undefined;
    if (!entry?.enabled) return false;
  }
  return true;
}

/** Route segment for a key: underscores become hyphens (spec §2.2). */
export const keyToSegment = (key: string) => key.replaceAll("_", "-");
