// Portuguese is the source of truth: en and es must have exactly these keys
// (`satisfies Translation` fails the typecheck otherwise).
import core from "~/locales/core/pt";
import system from "~/locales/system/pt";
import registers from "~/locales/registers/pt";
import users from "~/locales/system/users/pt";
import destinations from "~/locales/registers/destinations/pt";
import agents from "~/locales/registers/agents/pt";
import partners from "~/locales/registers/partners/pt";
import services from "~/locales/services/pt";
import receptive from "~/locales/receptive/pt";
import sales from "~/locales/sales/pt";
import contracts from "~/locales/contracts/pt";
import tasks from "~/locales/tasks/pt";
import crm from "~/locales/crm/pt";
import financeLedger from "~/locales/finance/ledger/pt";
import financeSettings from "~/locales/finance/settings/pt";
import fx from "~/locales/finance/fx/pt";
import payments from "~/locales/payments/pt";
import paymentWebhooks from "~/locales/payments/webhooks/pt";
import invoices from "~/locales/invoices/pt";
import commissions from "~/locales/commissions/pt";
import publicPages from "~/locales/public/pt";
import portal from "~/locales/portal/pt";
import dashboardFigures from "~/locales/dashboard/pt";
import vouchers from "~/locales/vouchers/pt";

const pt = {
  // What every page needs, the public ones too (a chunk of its own in the browser): ./core/pt.ts
  ...core,
  // Licences, menus, Minha Agência, Sobre, versions, e-mail settings: ./system/pt.ts
  ...system,
  // User management, invitations, audit log: ./users/pt.ts
  ...users,
  // List and form patterns, registers: ./registers/pt.ts
  ...registers,
  ...partners,
  ...destinations,
  ...agents,
  ...services,
  ...receptive,
  ...sales,
  ...contracts,
  ...tasks,
  ...crm,
  ...financeLedger,
  // Financeiro → Configurações: ./finance/settings/pt.ts
  ...financeSettings,
  // Financeiro → Câmbio: ./finance/fx/pt.ts
  ...fx,
  // Payments through Asaas: ./payments/pt.ts
  ...payments,
  ...paymentWebhooks,
  // Financeiro → Faturamento (invoices): ./invoices/pt.ts
  ...invoices,
  ...commissions,
  ...publicPages,
  // The client portal: ./portal/pt.ts
  ...portal,
  // The dashboard's figures, charts and first steps: ./dashboard/pt.ts
  ...dashboardFigures,
  // Service vouchers (PDF, links): ./vouchers/pt.ts
  ...vouchers,
  // The record kit's generic messages (saved, stale, delete, duplicate, history), for every module
  records: {
    saved: "{{name}} foi salvo.",
    yes: "Sim",
    no: "Não",
    stale: {
      title: "Não foi salvo: outra pessoa alterou este cadastro enquanto você editava.",
      text: "Seus dados continuam no formulário. Valores salvos agora:",
      reload: "Descartar minhas alterações e carregar os valores atuais",
    },
    delete: {
      action: "Excluir",
      title: "Excluir {{name}}?",
      text: "O cadastro sai das listas e da busca. O histórico é mantido.",
      confirm: "Excluir",
      done: "{{name}} foi excluído.",
      forbidden: "Só administradores da agência podem excluir cadastros.",
      referenced: "{{name}} não pode ser excluído porque está em uso:",
    },
    duplicate: {
      emails: "Já existe um cadastro com este e-mail: {{name}}.",
      record: "Já existe um cadastro com este valor: {{name}}.",
      document: "Já existe um cadastro com este CPF/CNPJ: {{name}}.",
      email: "Já existe um cadastro com este e-mail: {{name}}.",
      open: "Abrir {{name}}",
    },
    history: {
      title: "Histórico",
      empty: "Nenhuma alteração registrada.",
      older: "Ver alterações anteriores",
    },
    errors: {
      taken: "Já está em uso.",
      duplicate: {
        document: "Já existe um cadastro com este documento.",
        emails: "Já existe um cadastro com este e-mail.",
        email: "Já existe um cadastro com este e-mail.",
        userId: "Este usuário já está vinculado a outro agente.",
      },
    },
  },
  auth: {
    welcome: "Bem-vindo ao Rota",
    subtitle: "Sistema de gestão para agências de viagens. Entre com seu e-mail e senha.",
    email: "E-mail",
    emailPlaceholder: "voce@agencia.com.br",
    password: "Senha",
    passwordPlaceholder: "Sua senha",
    forgotPassword: "Esqueceu sua senha?",
    submit: "Entrar",
    submitting: "Entrando...",
    invalidCredentials: "E-mail ou senha inválidos. Por favor, tente novamente.",
    tooManyAttempts: "Muitas tentativas de acesso. Aguarde alguns segundos e tente novamente.",
    logout: "Sair",
    forgotTitle: "Esqueceu sua senha?",
    forgotSubtitle: "Informe seu e-mail e enviaremos um link para criar uma nova senha.",
    forgotSubmit: "Enviar link",
    forgotSubmitting: "Enviando...",
    forgotSent: "Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Verifique sua caixa de entrada.",
    backToLogin: "Voltar para o login",
    resetTitle: "Criar nova senha",
    resetSubtitle: "Escolha uma nova senha com pelo menos 8 caracteres.",
    newPassword: "Nova senha",
    confirmPassword: "Confirme a nova senha",
    resetSubmit: "Salvar nova senha",
    resetSubmitting: "Salvando...",
    resetInvalid: "Este link de redefinição é inválido ou expirou. Solicite um novo.",
    resetDone: "Senha alterada. Entre com a nova senha.",
    requestNewLink: "Solicitar novo link",
    resetMail: {
      subject: "Rota: redefinição de senha",
      body: "Olá, {{name}}.\n\nRecebemos um pedido para redefinir sua senha no Rota. Para criar uma nova senha, abra o link abaixo (válido por 1 hora e uma única vez):\n\n{{link}}\n\nSe você não fez este pedido, ignore este e-mail.",
    },
  },
  agencySelect: {
    title: "Selecionar agência",
    subtitle: "Como SuperAdmin, escolha a agência em que deseja trabalhar.",
    search: "Buscar agência por nome ou slug",
    searchButton: "Buscar",
    choose: "Trabalhar nesta agência",
    empty: "Nenhuma agência encontrada.",
    current: "Atual",
    switch: "Trocar de agência",
    inactive: "Inativa",
  },
  profile: {
    title: "Meu perfil",
    subtitle: "Seus dados de acesso e como você aparece para a equipe.",
    personal: "Dados pessoais",
    name: "Nome",
    email: "E-mail",
    role: "Perfil de acesso",
    saveName: "Salvar dados",
    saved: "Perfil atualizado.",
    avatar: "Foto",
    avatarHint: "PNG, JPEG ou WebP, até 2 MB.",
    uploadAvatar: "Enviar foto",
    removeAvatar: "Remover foto",
    avatarSaved: "Foto atualizada.",
    avatarRemoved: "Foto removida.",
    password: "Alterar senha",
    passwordHint: "Ao alterar a senha, suas outras sessões são encerradas.",
    currentPassword: "Senha atual",
    changePassword: "Alterar senha",
    passwordChanged: "Senha alterada. Suas outras sessões foram encerradas.",
    wrongPassword: "A senha atual não confere.",
    preferences: "Preferências",
    preferencesHint: "O idioma da interface e dos e-mails que o Rota envia a você.",
    language: "Idioma",
    savePreferences: "Salvar preferências",
    preferencesSaved: "Preferências salvas.",
  },
  roles: {
    SuperAdmin: "Super administrador",
    Admin: "Administrador",
    Agente: "Agente",
    Financeiro: "Financeiro",
    Operacional: "Operacional",
  },
  shell: {
    profile: "Meu perfil",
    myAccount: "Minha conta",
    settings: "Configurações",
  },
  dashboard: {
    title: "Dashboard",
    greeting: "Olá, {{name}}. Este é o resumo de {{agency}}.",
    activeUsers: "Usuários ativos",
    unreadNotifications: "Notificações não lidas",
    today: "Hoje",
    timeZone: "Fuso horário: {{zone}}",
    shortcuts: "Acesso rápido",
    shortcutsHint: "Os módulos liberados na licença de {{agency}}.",
    noShortcuts: "Nenhum módulo liberado na licença da agência.",
  },
  menu: {
    dashboard: { title: "Dashboard" },
    cadastros: {
      title: "Cadastros",
      clientes: { title: "Clientes" },
      fornecedores: { title: "Fornecedores" },
      prestadores: { title: "Prestadores" },
      agentes: { title: "Agentes" },
      embarques: { title: "Locais de Embarque" },
      destinos: { title: "Destinos" },
      produtos: { title: "Produtos" },
    },
    servicos: {
      title: "Serviços",
      pacotes_de_terceiros: { title: "Pacotes de Terceiros" },
      fretamento_terrestre: { title: "Fretamento Terrestre" },
      bloqueio_hospedagem: { title: "Bloqueio de Hospedagem" },
      bloqueio_aereo: { title: "Bloqueio Aéreo" },
      excursoes: { title: "Excursões" },
      receptivo: { title: "Receptivo" },
    },
    crm: { title: "CRM" },
    tarefas: {
      title: "Tarefas",
      geral: { title: "Visão Geral" },
      tipos: { title: "Tipos de Tarefa" },
    },
    vendas: {
      title: "Vendas",
      emissivo: { title: "Emissivo" },
      excursoes: { title: "Excursões" },
    },
    contratos: {
      title: "Contratos",
      modelos: { title: "Modelos" },
      contratos_pendentes: { title: "Geração Pendente" },
      assinaturas: { title: "Assinaturas Pendentes" },
    },
    financeiro: {
      title: "Financeiro",
      contas_a_receber: { title: "Contas a Receber" },
      contas_a_pagar: { title: "Contas a Pagar" },
      faturamento: {
        title: "Faturamento",
        gerar_fatura: { title: "Gerar Fatura" },
        comissoes: { title: "Comissões" },
        listagem_de_faturas: { title: "Listagem de Faturas" },
      },
      relatorios: {
        title: "Relatórios",
        dre: { title: "DRE" },
        extrato_de_contas: { title: "Extrato de Contas" },
      },
      configuracoes: {
        title: "Configurações",
        prazos_de_pagamento: { title: "Prazos de Pagamento" },
        tipos_de_conta: { title: "Tipos de Conta" },
        plano_de_contas: { title: "Plano de Contas" },
        bancos_e_caixas: { title: "Bancos e Caixas" },
        intermediadores: { title: "Intermediadores" },
      },
      cambio: { title: "Câmbio" },
    },
    parametrizacao: {
      title: "Parametrização",
      email: { title: "Configurações de E-mail" },
    },
    sistema: {
      title: "Sistema",
      user_management: { title: "Gestão de Usuários" },
      license_management: { title: "Gestão de Licenças" },
      menu_management: { title: "Gestão de Menus" },
      minha_agencia: { title: "Minha Agência" },
      integracoes: {
        title: "Integrações",
        asaas: { title: "Asaas" },
        webhooks: { title: "Histórico de Webhooks" },
      },
      sobre: { title: "Sobre o Sistema" },
      historico_versoes: { title: "Histórico de Versões" },
    },
    receptivo: {
      title: "Receptivo",
      servicos: { title: "Serviços Receptivos" },
      motoristas: { title: "Motoristas" },
      guias: { title: "Guias" },
      frota: { title: "Frota" },
    },
    cambio: { title: "Câmbio" },
  },
  header: {
    search: "Pesquisar telas e registros...",
    openMenu: "Abrir menu",
    closeMenu: "Fechar menu",
    collapseSidebar: "Recolher menu lateral",
    expandSidebar: "Expandir menu lateral",
    mainNavigation: "Navegação principal",
    home: "Ir para o dashboard",
    skipToContent: "Pular para o conteúdo",
    agencyLogo: "Logotipo de {{agency}}",
    userMenu: "Menu do usuário: {{name}}",
  },
  palette: {
    title: "Pesquisar",
    description: "Digite para encontrar uma tela. Use as setas para escolher e Enter para abrir.",
    placeholder: "O que você procura?",
    screens: "Telas",
    records: "Registros",
    empty: "Nenhum resultado encontrado.",
    searching: "Pesquisando...",
    typeMore: "Digite 3 ou mais letras para buscar registros.",
    groups: {
      cliente: "Clientes", fornecedor: "Fornecedores", prestador: "Prestadores", agente: "Agentes", embarque: "Embarques", destino: "Destinos", pacote: "Pacotes", excursao: "Excursões", venda: "Vendas", negocio: "Negócios", tarefa: "Tarefas", contrato: "Contratos", fatura: "Faturas",
    },
  },
  notifications: {
    markAll: "Marcar todas como lidas",
    empty: "Nenhuma notificação nova.",
    unreadCount: "{{count}} não lidas",
    markRead: "Marcar como lida",
    saveFailed: "Não foi possível atualizar as notificações. Tente novamente.",
    passwordChangedTitle: "Senha alterada",
    passwordChangedMessage: "A senha da sua conta foi alterada. Se não foi você, fale com o administrador.",
    title: "Notificações",
    open: "Abrir notificações",
    unavailable: "A central de notificações ainda não está disponível nesta versão.",
  },
  screen: {
    breadcrumb: "Trilha de navegação",
    home: "Início",
  },
};

export default pt;
export type Translation = typeof pt;
