import type { Translation } from "~/locales/pt";
import core from "~/locales/core/es";
import system from "~/locales/system/es";
import registers from "~/locales/registers/es";
import users from "~/locales/system/users/es";
import destinations from "~/locales/registers/destinations/es";
import agents from "~/locales/registers/agents/es";
import partners from "~/locales/registers/partners/es";
import services from "~/locales/services/es";
import receptive from "~/locales/receptive/es";
import sales from "~/locales/sales/es";
import contracts from "~/locales/contracts/es";
import tasks from "~/locales/tasks/es";
import crm from "~/locales/crm/es";
import financeLedger from "~/locales/finance/ledger/es";
import financeSettings from "~/locales/finance/settings/es";
import fx from "~/locales/finance/fx/es";
import payments from "~/locales/payments/es";
import paymentWebhooks from "~/locales/payments/webhooks/es";
import invoices from "~/locales/invoices/es";
import commissions from "~/locales/commissions/es";
import publicPages from "~/locales/public/es";
import portal from "~/locales/portal/es";
import dashboardFigures from "~/locales/dashboard/es";
import vouchers from "~/locales/vouchers/es";

export default {
  ...core,
  ...system,
  // User management, invitations, audit log: ./users/es.ts
  ...users,
  // List and form patterns, registers: ./registers/es.ts
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
  // Financeiro → Configurações: ./finance/settings/es.ts
  ...financeSettings,
  // Financeiro → Câmbio: ./finance/fx/es.ts
  ...fx,
  // Payments through Asaas: ./payments/es.ts
  ...payments,
  ...paymentWebhooks,
  // Financeiro → Faturamento (invoices): ./invoices/es.ts
  ...invoices,
  ...commissions,
  ...publicPages,
  // The client portal: ./portal/es.ts
  ...portal,
  // The dashboard's figures, charts and first steps: ./dashboard/es.ts
  ...dashboardFigures,
  // Service vouchers (PDF, links): ./vouchers/es.ts
  ...vouchers,
  records: {
    saved: "{{name}} se guardó.",
    yes: "Sí",
    no: "No",
    stale: {
      title: "No se guardó: otra persona cambió este registro mientras usted lo editaba.",
      text: "Sus datos siguen en el formulario. Valores guardados ahora:",
      reload: "Descartar mis cambios y cargar los valores actuales",
    },
    delete: {
      action: "Eliminar",
      title: "¿Eliminar {{name}}?",
      text: "El registro sale de las listas y de la búsqueda. Se conserva su historial.",
      confirm: "Eliminar",
      done: "{{name}} se eliminó.",
      forbidden: "Solo los administradores de la agencia pueden eliminar registros.",
      referenced: "{{name}} no se puede eliminar porque está en uso:",
    },
    duplicate: {
      emails: "Ya existe un registro con este correo: {{name}}.",
      record: "Ya existe un registro con este valor: {{name}}.",
      document: "Ya existe un registro con este CPF/CNPJ: {{name}}.",
      email: "Ya existe un registro con este correo: {{name}}.",
      open: "Abrir {{name}}",
    },
    history: {
      title: "Historial",
      empty: "No hay cambios registrados.",
      older: "Ver cambios anteriores",
    },
    errors: {
      taken: "Ya está en uso.",
      duplicate: {
        document: "Ya existe un registro con este documento.",
        emails: "Ya existe un registro con este correo.",
        email: "Ya existe un registro con este correo.",
        userId: "Este usuario ya está vinculado a otro agente.",
      },
    },
  },
  auth: {
    welcome: "Bienvenido a Rota",
    subtitle: "Sistema de gestión para agencias de viajes. Inicie sesión con su correo electrónico y contraseña.",
    email: "Correo electrónico",
    emailPlaceholder: "usted@agencia.com",
    password: "Contraseña",
    passwordPlaceholder: "Su contraseña",
    forgotPassword: "¿Olvidó su contraseña?",
    submit: "Iniciar sesión",
    submitting: "Iniciando sesión...",
    invalidCredentials: "Credenciales no válidas. Verifique su correo electrónico y contraseña.",
    tooManyAttempts: "Demasiados intentos de inicio de sesión. Espere unos segundos e inténtelo de nuevo.",
    logout: "Cerrar sesión",
    forgotTitle: "¿Olvidó su contraseña?",
    forgotSubtitle: "Indique su correo electrónico y le enviaremos un enlace para crear una nueva contraseña.",
    forgotSubmit: "Enviar enlace",
    forgotSubmitting: "Enviando...",
    forgotSent: "Si existe una cuenta con este correo, enviamos un enlace para restablecer la contraseña. Revise su bandeja de entrada.",
    backToLogin: "Volver al inicio de sesión",
    resetTitle: "Crear nueva contraseña",
    resetSubtitle: "Elija una nueva contraseña de al menos 8 caracteres.",
    newPassword: "Nueva contraseña",
    confirmPassword: "Confirme la nueva contraseña",
    resetSubmit: "Guardar nueva contraseña",
    resetSubmitting: "Guardando...",
    resetInvalid: "Este enlace de restablecimiento no es válido o ha caducado. Solicite uno nuevo.",
    resetDone: "Contraseña cambiada. Inicie sesión con la nueva contraseña.",
    requestNewLink: "Solicitar un nuevo enlace",
    resetMail: {
      subject: "Rota: restablecimiento de contraseña",
      body: "Hola, {{name}}.\n\nRecibimos una solicitud para restablecer su contraseña de Rota. Para crear una nueva contraseña, abra el enlace a continuación (válido por 1 hora y de un solo uso):\n\n{{link}}\n\nSi usted no hizo esta solicitud, ignore este correo.",
    },
  },
  agencySelect: {
    title: "Seleccionar agencia",
    subtitle: "Como SuperAdmin, elija la agencia en la que desea trabajar.",
    search: "Buscar agencia por nombre o slug",
    searchButton: "Buscar",
    choose: "Trabajar en esta agencia",
    empty: "No se encontró ninguna agencia.",
    current: "Actual",
    switch: "Cambiar de agencia",
    inactive: "Inactiva",
  },
  profile: {
    title: "Mi perfil",
    subtitle: "Sus datos de acceso y cómo lo ve el equipo.",
    personal: "Datos personales",
    name: "Nombre",
    email: "Correo electrónico",
    role: "Perfil de acceso",
    saveName: "Guardar datos",
    saved: "Perfil actualizado.",
    avatar: "Foto",
    avatarHint: "PNG, JPEG o WebP, hasta 2 MB.",
    uploadAvatar: "Subir foto",
    removeAvatar: "Quitar foto",
    avatarSaved: "Foto actualizada.",
    avatarRemoved: "Foto eliminada.",
    password: "Cambiar contraseña",
    passwordHint: "Al cambiar la contraseña se cierran sus otras sesiones.",
    currentPassword: "Contraseña actual",
    changePassword: "Cambiar contraseña",
    passwordChanged: "Contraseña cambiada. Sus otras sesiones fueron cerradas.",
    wrongPassword: "La contraseña actual no es correcta.",
    preferences: "Preferencias",
    preferencesHint: "El idioma de la interfaz y de los correos que Rota le envía.",
    language: "Idioma",
    savePreferences: "Guardar preferencias",
    preferencesSaved: "Preferencias guardadas.",
  },
  roles: {
    SuperAdmin: "Superadministrador",
    Admin: "Administrador",
    Agente: "Agente",
    Financeiro: "Finanzas",
    Operacional: "Operaciones",
  },
  shell: {
    profile: "Mi perfil",
    myAccount: "Mi cuenta",
    settings: "Configuración",
  },
  dashboard: {
    title: "Panel",
    greeting: "Hola, {{name}}. Este es el resumen de {{agency}}.",
    activeUsers: "Usuarios activos",
    unreadNotifications: "Notificaciones no leídas",
    today: "Hoy",
    timeZone: "Zona horaria: {{zone}}",
    shortcuts: "Acceso rápido",
    shortcutsHint: "Los módulos habilitados en la licencia de {{agency}}.",
    noShortcuts: "Ningún módulo está habilitado en la licencia de la agencia.",
  },
  menu: {
    dashboard: { title: "Panel" },
    cadastros: {
      title: "Registros",
      clientes: { title: "Clientes" },
      fornecedores: { title: "Proveedores" },
      prestadores: { title: "Prestadores de servicios" },
      agentes: { title: "Agentes" },
      embarques: { title: "Puntos de embarque" },
      destinos: { title: "Destinos" },
      produtos: { title: "Productos" },
    },
    servicos: {
      title: "Servicios",
      pacotes_de_terceiros: { title: "Paquetes de terceros" },
      fretamento_terrestre: { title: "Fletamento terrestre" },
      bloqueio_hospedagem: { title: "Bloqueo de alojamiento" },
      bloqueio_aereo: { title: "Bloqueo aéreo" },
      excursoes: { title: "Excursiones" },
      receptivo: { title: "Receptivo" },
    },
    crm: { title: "CRM" },
    tarefas: {
      title: "Tareas",
      geral: { title: "Visión general" },
      tipos: { title: "Tipos de tarea" },
    },
    vendas: {
      title: "Ventas",
      emissivo: { title: "Emisivo" },
      excursoes: { title: "Excursiones" },
    },
    contratos: {
      title: "Contratos",
      modelos: { title: "Modelos" },
      contratos_pendentes: { title: "Generación pendiente" },
      assinaturas: { title: "Firmas pendientes" },
    },
    financeiro: {
      title: "Finanzas",
      contas_a_receber: { title: "Cuentas por cobrar" },
      contas_a_pagar: { title: "Cuentas por pagar" },
      faturamento: {
        title: "Facturación",
        gerar_fatura: { title: "Generar factura" },
        comissoes: { title: "Comisiones" },
        listagem_de_faturas: { title: "Listado de facturas" },
      },
      relatorios: {
        title: "Informes",
        dre: { title: "Estado de resultados" },
        extrato_de_contas: { title: "Extracto de cuentas" },
      },
      configuracoes: {
        title: "Configuración",
        prazos_de_pagamento: { title: "Plazos de pago" },
        tipos_de_conta: { title: "Tipos de cuenta" },
        plano_de_contas: { title: "Plan de cuentas" },
        bancos_e_caixas: { title: "Bancos y cajas" },
        intermediadores: { title: "Intermediarios" },
      },
      cambio: { title: "Cambio de divisas" },
    },
    parametrizacao: {
      title: "Parametrización",
      email: { title: "Configuración de correo electrónico" },
    },
    sistema: {
      title: "Sistema",
      user_management: { title: "Gestión de usuarios" },
      license_management: { title: "Gestión de licencias" },
      menu_management: { title: "Gestión de menús" },
      minha_agencia: { title: "Mi agencia" },
      integracoes: {
        title: "Integraciones",
        asaas: { title: "Asaas" },
        webhooks: { title: "Historial de webhooks" },
      },
      sobre: { title: "Acerca del sistema" },
      historico_versoes: { title: "Historial de versiones" },
    },
    receptivo: {
      title: "Receptivo",
      servicos: { title: "Servicios receptivos" },
      motoristas: { title: "Conductores" },
      guias: { title: "Guías" },
      frota: { title: "Flota" },
    },
    cambio: { title: "Cambio de divisas" },
  },
  header: {
    search: "Buscar pantallas y registros...",
    openMenu: "Abrir menú",
    closeMenu: "Cerrar menú",
    collapseSidebar: "Contraer menú lateral",
    expandSidebar: "Expandir menú lateral",
    mainNavigation: "Navegación principal",
    home: "Ir al panel",
    skipToContent: "Saltar al contenido",
    agencyLogo: "Logotipo de {{agency}}",
    userMenu: "Menú de usuario: {{name}}",
  },
  palette: {
    title: "Buscar",
    description: "Escriba para encontrar una pantalla. Use las flechas para elegir y Enter para abrir.",
    placeholder: "¿Qué está buscando?",
    screens: "Pantallas",
    records: "Registros",
    empty: "No se encontraron resultados.",
    searching: "Buscando...",
    typeMore: "Escriba 3 o más caracteres para buscar registros.",
    groups: {
      cliente: "Clientes", fornecedor: "Proveedores", prestador: "Prestadores", agente: "Agentes", embarque: "Embarques", destino: "Destinos", pacote: "Paquetes", excursao: "Excursiones", venda: "Ventas", negocio: "Negocios", tarefa: "Tareas", contrato: "Contratos", fatura: "Facturas",
    },
  },
  notifications: {
    markAll: "Marcar todas como leídas",
    empty: "No hay notificaciones nuevas.",
    unreadCount: "{{count}} sin leer",
    markRead: "Marcar como leída",
    saveFailed: "No se pudieron actualizar las notificaciones. Inténtelo de nuevo.",
    passwordChangedTitle: "Contraseña cambiada",
    passwordChangedMessage: "La contraseña de su cuenta fue cambiada. Si no fue usted, contacte al administrador.",
    title: "Notificaciones",
    open: "Abrir notificaciones",
    unavailable: "El centro de notificaciones aún no está disponible en esta versión.",
  },
  screen: {
    breadcrumb: "Ruta de navegación",
    home: "Inicio",
  },
} satisfies Translation;
