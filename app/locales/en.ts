import type { Translation } from "~/locales/pt";
import core from "~/locales/core/en";
import system from "~/locales/system/en";
import registers from "~/locales/registers/en";
import users from "~/locales/system/users/en";
import destinations from "~/locales/registers/destinations/en";
import agents from "~/locales/registers/agents/en";
import partners from "~/locales/registers/partners/en";
import services from "~/locales/services/en";
import receptive from "~/locales/receptive/en";
import sales from "~/locales/sales/en";
import contracts from "~/locales/contracts/en";
import tasks from "~/locales/tasks/en";
import crm from "~/locales/crm/en";
import financeLedger from "~/locales/finance/ledger/en";
import financeSettings from "~/locales/finance/settings/en";
import fx from "~/locales/finance/fx/en";
import payments from "~/locales/payments/en";
import paymentWebhooks from "~/locales/payments/webhooks/en";
import invoices from "~/locales/invoices/en";
import commissions from "~/locales/commissions/en";
import publicPages from "~/locales/public/en";
import portal from "~/locales/portal/en";
import dashboardFigures from "~/locales/dashboard/en";
import vouchers from "~/locales/vouchers/en";

export default {
  ...core,
  ...system,
  // User management, invitations, audit log: ./users/en.ts
  ...users,
  // List and form patterns, registers: ./registers/en.ts
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
  // Financeiro → Configurações: ./finance/settings/en.ts
  ...financeSettings,
  // Financeiro → Câmbio: ./finance/fx/en.ts
  ...fx,
  // Payments through Asaas: ./payments/en.ts
  ...payments,
  ...paymentWebhooks,
  // Financeiro → Faturamento (invoices): ./invoices/en.ts
  ...invoices,
  ...commissions,
  ...publicPages,
  // The client portal: ./portal/en.ts
  ...portal,
  // The dashboard's figures, charts and first steps: ./dashboard/en.ts
  ...dashboardFigures,
  // Service vouchers (PDF, links): ./vouchers/en.ts
  ...vouchers,
  records: {
    saved: "{{name}} was saved.",
    yes: "Yes",
    no: "No",
    stale: {
      title: "Not saved: someone else changed this record while you were editing.",
      text: "Your input is still in the form. The values saved now:",
      reload: "Discard my changes and load the current values",
    },
    delete: {
      action: "Delete",
      title: "Delete {{name}}?",
      text: "The record leaves the lists and the search. Its history is kept.",
      confirm: "Delete",
      done: "{{name}} was deleted.",
      forbidden: "Only the agency's administrators can delete records.",
      referenced: "{{name}} cannot be deleted because it is in use:",
    },
    duplicate: {
      emails: "A record with this e-mail already exists: {{name}}.",
      record: "A record with this value already exists: {{name}}.",
      document: "A record with this CPF/CNPJ already exists: {{name}}.",
      email: "A record with this e-mail already exists: {{name}}.",
      open: "Open {{name}}",
    },
    history: {
      title: "History",
      empty: "No changes recorded.",
      older: "See older changes",
    },
    errors: {
      taken: "Already in use.",
      duplicate: {
        document: "A record with this document already exists.",
        emails: "A record with this e-mail already exists.",
        email: "A record with this e-mail already exists.",
        userId: "This user is already linked to another agent.",
      },
    },
  },
  auth: {
    welcome: "Welcome to Rota",
    subtitle: "Management system for travel agencies. Sign in with your e-mail and password.",
    email: "E-mail",
    emailPlaceholder: "you@agency.com",
    password: "Password",
    passwordPlaceholder: "Your password",
    forgotPassword: "Forgot your password?",
    submit: "Login",
    submitting: "Logging in...",
    invalidCredentials: "Invalid credentials. Please check your email and password.",
    tooManyAttempts: "Too many sign-in attempts. Please wait a few seconds and try again.",
    logout: "Logout",
    forgotTitle: "Forgot your password?",
    forgotSubtitle: "Enter your e-mail and we will send you a link to create a new password.",
    forgotSubmit: "Send link",
    forgotSubmitting: "Sending...",
    forgotSent: "If an account exists for this e-mail, we have sent a password reset link. Please check your inbox.",
    backToLogin: "Back to login",
    resetTitle: "Create a new password",
    resetSubtitle: "Choose a new password with at least 8 characters.",
    newPassword: "New password",
    confirmPassword: "Confirm the new password",
    resetSubmit: "Save new password",
    resetSubmitting: "Saving...",
    resetInvalid: "This reset link is invalid or has expired. Please request a new one.",
    resetDone: "Password changed. Sign in with your new password.",
    requestNewLink: "Request a new link",
    resetMail: {
      subject: "Rota: password reset",
      body: "Hello, {{name}}.\n\nWe received a request to reset your Rota password. To create a new password, open the link below (valid for 1 hour, single use):\n\n{{link}}\n\nIf you did not make this request, ignore this e-mail.",
    },
  },
  agencySelect: {
    title: "Select agency",
    subtitle: "As a SuperAdmin, choose the agency you want to work in.",
    search: "Search agencies by name or slug",
    searchButton: "Search",
    choose: "Work in this agency",
    empty: "No agency found.",
    current: "Current",
    switch: "Switch agency",
    inactive: "Inactive",
  },
  profile: {
    title: "My profile",
    subtitle: "Your sign-in details and how the team sees you.",
    personal: "Personal details",
    name: "Name",
    email: "E-mail",
    role: "Access role",
    saveName: "Save details",
    saved: "Profile updated.",
    avatar: "Photo",
    avatarHint: "PNG, JPEG or WebP, up to 2 MB.",
    uploadAvatar: "Upload photo",
    removeAvatar: "Remove photo",
    avatarSaved: "Photo updated.",
    avatarRemoved: "Photo removed.",
    password: "Change password",
    passwordHint: "Changing your password ends your other sessions.",
    currentPassword: "Current password",
    changePassword: "Change password",
    passwordChanged: "Password changed. Your other sessions were ended.",
    wrongPassword: "The current password is not correct.",
    preferences: "Preferences",
    preferencesHint: "The language of the interface and of the e-mails Rota sends you.",
    language: "Language",
    savePreferences: "Save preferences",
    preferencesSaved: "Preferences saved.",
  },
  roles: {
    SuperAdmin: "Super administrator",
    Admin: "Administrator",
    Agente: "Agent",
    Financeiro: "Finance",
    Operacional: "Operations",
  },
  shell: {
    profile: "My profile",
    myAccount: "My account",
    settings: "Settings",
  },
  dashboard: {
    title: "Dashboard",
    greeting: "Hello, {{name}}. Here is the summary of {{agency}}.",
    activeUsers: "Active users",
    unreadNotifications: "Unread notifications",
    today: "Today",
    timeZone: "Time zone: {{zone}}",
    shortcuts: "Quick access",
    shortcutsHint: "The modules enabled in the license of {{agency}}.",
    noShortcuts: "No module is enabled in the agency's license.",
  },
  menu: {
    dashboard: { title: "Dashboard" },
    cadastros: {
      title: "Registrations",
      clientes: { title: "Clients" },
      fornecedores: { title: "Suppliers" },
      prestadores: { title: "Service Providers" },
      agentes: { title: "Agents" },
      embarques: { title: "Boarding Points" },
      destinos: { title: "Destinations" },
      produtos: { title: "Products" },
    },
    servicos: {
      title: "Services",
      pacotes_de_terceiros: { title: "Third-Party Packages" },
      fretamento_terrestre: { title: "Ground Charter" },
      bloqueio_hospedagem: { title: "Accommodation Block" },
      bloqueio_aereo: { title: "Air Block" },
      excursoes: { title: "Excursions" },
      receptivo: { title: "Receptive" },
    },
    crm: { title: "CRM" },
    tarefas: {
      title: "Tasks",
      geral: { title: "Overview" },
      tipos: { title: "Task Types" },
    },
    vendas: {
      title: "Sales",
      emissivo: { title: "Outbound" },
      excursoes: { title: "Excursions" },
    },
    contratos: {
      title: "Contracts",
      modelos: { title: "Templates" },
      contratos_pendentes: { title: "Pending Generation" },
      assinaturas: { title: "Pending Signatures" },
    },
    financeiro: {
      title: "Financial",
      contas_a_receber: { title: "Accounts Receivable" },
      contas_a_pagar: { title: "Accounts Payable" },
      faturamento: {
        title: "Invoicing",
        gerar_fatura: { title: "Generate Invoice" },
        comissoes: { title: "Commissions" },
        listagem_de_faturas: { title: "Invoice List" },
      },
      relatorios: {
        title: "Reports",
        dre: { title: "Income Statement" },
        extrato_de_contas: { title: "Account Statement" },
      },
      configuracoes: {
        title: "Settings",
        prazos_de_pagamento: { title: "Payment Terms" },
        tipos_de_conta: { title: "Account Types" },
        plano_de_contas: { title: "Chart of Accounts" },
        bancos_e_caixas: { title: "Banks and Cash Desks" },
        intermediadores: { title: "Intermediaries" },
      },
      cambio: { title: "Currency Exchange" },
    },
    parametrizacao: {
      title: "Parametrization",
      email: { title: "E-mail Settings" },
    },
    sistema: {
      title: "System",
      user_management: { title: "User Management" },
      license_management: { title: "License Management" },
      menu_management: { title: "Menu Management" },
      minha_agencia: { title: "My Agency" },
      integracoes: {
        title: "Integrations",
        asaas: { title: "Asaas" },
        webhooks: { title: "Webhook History" },
      },
      sobre: { title: "About the System" },
      historico_versoes: { title: "Version History" },
    },
    receptivo: {
      title: "Receptive",
      servicos: { title: "Receptive Services" },
      motoristas: { title: "Drivers" },
      guias: { title: "Guides" },
      frota: { title: "Fleet" },
    },
    cambio: { title: "Currency Exchange" },
  },
  header: {
    search: "Search screens and records...",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    collapseSidebar: "Collapse sidebar",
    expandSidebar: "Expand sidebar",
    mainNavigation: "Main navigation",
    home: "Go to the dashboard",
    skipToContent: "Skip to content",
    agencyLogo: "{{agency}} logo",
    userMenu: "User menu: {{name}}",
  },
  palette: {
    title: "Search",
    description: "Type to find a screen. Use the arrow keys to choose and Enter to open.",
    placeholder: "What are you looking for?",
    screens: "Screens",
    records: "Records",
    empty: "No results found.",
    searching: "Searching...",
    typeMore: "Type 3 or more characters to search records.",
    groups: {
      cliente: "Clients", fornecedor: "Suppliers", prestador: "Providers", agente: "Agents", embarque: "Boarding points", destino: "Destinations", pacote: "Packages", excursao: "Excursions", venda: "Sales", negocio: "Deals", tarefa: "Tasks", contrato: "Contracts", fatura: "Invoices",
    },
  },
  notifications: {
    markAll: "Mark all as read",
    empty: "No new notifications.",
    unreadCount: "{{count}} unread",
    markRead: "Mark as read",
    saveFailed: "The notifications could not be updated. Please try again.",
    passwordChangedTitle: "Password changed",
    passwordChangedMessage: "Your account password was changed. If it was not you, contact your administrator.",
    title: "Notifications",
    open: "Open notifications",
    unavailable: "The notification center is not available in this version yet.",
  },
  screen: {
    breadcrumb: "Breadcrumb",
    home: "Home",
  },
} satisfies Translation;
